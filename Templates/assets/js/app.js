// Every page: the site as an app. Registers the service worker that keeps it readable offline
// (sw.js at the site's root, made by each build), and paints the browser's bar in the page's
// background, which follows the theme the reader chose.
"use strict";
(() => {
  const bars = document.querySelectorAll('meta[name="theme-color"]');
  const paint = () => {
    const background = getComputedStyle(document.documentElement).backgroundColor;
    for (const bar of bars) bar.content = background;
  };
  // After the page's own scripts: reading a style earlier would draw their buttons before they
  // set them, and pressed ones would then fade in.
  document.addEventListener("DOMContentLoaded", paint);
  new MutationObserver(paint).observe(document.documentElement, { attributeFilter: ["data-theme"] });
  matchMedia("(prefers-color-scheme: dark)").addEventListener("change", paint);

  if (!("serviceWorker" in navigator)) return;
  // This script is assets/js/app.js: the site's root is two folders up, whatever the page's depth.
  const scope = new URL("../../", document.currentScript.src).href;
  if (document.querySelector("script[data-modak-serve]")) {
    // modak serve's preview shows each build as soon as it is made: no worker answers there from
    // a copy, and one left by an earlier visit of this address goes.
    navigator.serviceWorker.getRegistration(scope).then((registration) => registration && registration.unregister());
  } else {
    // Refused where there is no secure context (a site opened from a folder): it is read online then.
    navigator.serviceWorker.register(scope + "sw.js").catch(() => {});
  }
})();
