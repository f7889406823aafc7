// Moving the reader's data to another device without a server, on the settings page (#transfer).
// #transfer-link makes a link to this page whose fragment, never sent to a server, carries the
// export of reader-data.js (Modak.readerData): "#transfer=1d.<base64url of deflate-raw JSON>"
// ("1j." when plain JSON is shorter or the browser cannot compress). #transfer-url shows it,
// #transfer-copy copies it, #transfer-qr draws it as a QR code (qr.js); a link too long for one
// shows #transfer-too-large, whose button saves the file export instead. Opening such a link takes
// the fragment out of the address bar and the history at once, then #transfer-offer says what it
// carries and merges it only on #transfer-accept (#transfer-cancel declines). A link that does not
// unpack to an export whose every entry passes the import's checks is refused whole.
// #transfer-status says what happened; the texts are data-* attributes of #transfer.
"use strict";
(() => {
  const root = document.getElementById("transfer");
  if (!root) return;
  const { readerData, qr, clipboard } = Modak;
  const texts = root.dataset;
  const PREFIX = "#transfer=";
  // The link's own format, before the export's "version" inside it.
  const FORMAT = "1";
  // Base64url: letters, digits, "-" and "_" (\w and -).
  const PAYLOAD = /^#transfer=(\d+)([dj])\.([\w-]+)$/;
  // Beyond what a browser keeps in an address (Chromium: 2 MB), or the file import's limit once
  // inflated, it is no link of ours.
  const FRAGMENT_LIMIT = 2 * 1024 * 1024;
  const DATA_LIMIT = readerData.FILE_LIMIT;
  const status = document.getElementById("transfer-status");
  const offer = document.getElementById("transfer-offer");
  const made = document.getElementById("transfer-made");
  const url = document.getElementById("transfer-url");
  const qrBox = document.getElementById("transfer-qr");
  const tooLarge = document.getElementById("transfer-too-large");

  const say = (text) => {
    status.textContent = text;
  };

  function toBase64url(bytes) {
    let binary = "";
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  /** The bytes of base64url `text`; throws on characters or a length base64 cannot have. */
  function fromBase64url(text) {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    return Uint8Array.from(binary, (character) => character.charCodeAt(0));
  }

  /** `bytes` through a compression or decompression stream; throws past `limit` bytes out. */
  async function through(bytes, transform, limit = Infinity) {
    const reader = new Blob([bytes]).stream().pipeThrough(transform).getReader();
    const chunks = [];
    let length = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      length += value.length;
      if (length > limit) {
        reader.cancel();
        throw new RangeError("too large");
      }
      chunks.push(value);
    }
    const result = new Uint8Array(length);
    let offset = 0;
    for (const chunk of chunks) {
      result.set(chunk, offset);
      offset += chunk.length;
    }
    return result;
  }

  /** The link to this page carrying `data` in its fragment. */
  async function linkFor(data) {
    const json = new TextEncoder().encode(JSON.stringify(data));
    let kind = "j";
    let body = json;
    try {
      const deflated = await through(json, new CompressionStream("deflate-raw"));
      if (deflated.length < json.length) {
        kind = "d";
        body = deflated;
      }
    } catch (error) {
      // No CompressionStream, or no "deflate-raw" in it: the JSON as it is.
    }
    const address = new URL(location.href);
    address.search = "";
    address.hash = "";
    return `${address.href}${PREFIX}${FORMAT}${kind}.${toBase64url(body)}`;
  }

  document.getElementById("transfer-link").addEventListener("click", async () => {
    const data = readerData.collect();
    const what = readerData.countsText(readerData.counts(readerData.check(data).take));
    if (!what) {
      made.hidden = true;
      return say(texts.empty);
    }
    const link = await linkFor(data);
    url.value = link;
    qrBox.textContent = "";
    // A QR code holds at most 2,953 bytes (version 40, level L): a longer link has no code.
    const code = qr.encode(link);
    if (code) qrBox.append(qr.svg(code, texts.qrLabel));
    // Past version 20 (over 97 modules a side) the code is drawn larger, for a camera to resolve.
    qrBox.classList.toggle("transfer-qr-large", Boolean(code) && code.version > 20);
    qrBox.hidden = !code;
    tooLarge.hidden = Boolean(code);
    made.hidden = false;
    say(texts.made.replace("{what}", what));
  });

  url.addEventListener("focus", () => url.select());
  document.getElementById("transfer-copy").addEventListener("click", () => {
    clipboard.copy(url.value).then(() => say(texts.copied), () => say(texts.copyFailed));
  });
  document.getElementById("transfer-export").addEventListener("click", () => {
    document.getElementById("export-data").click();
  });

  /** The export a fragment carries; throws when it is garbled, too large or no export. */
  async function unpack(fragment) {
    const parts = fragment.length <= FRAGMENT_LIMIT ? PAYLOAD.exec(fragment) : null;
    if (!parts || parts[1] !== FORMAT) throw new SyntaxError("not a transfer link");
    let bytes = fromBase64url(parts[3]);
    if (parts[2] === "d") {
      if (typeof DecompressionStream !== "function") throw new TypeError("unsupported");
      bytes = await through(bytes, new DecompressionStream("deflate-raw"), DATA_LIMIT);
    } else if (bytes.length > DATA_LIMIT) {
      throw new RangeError("too large");
    }
    const data = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
    if (!readerData.isExport(data)) throw new SyntaxError("not an export");
    return data;
  }

  let pending = null;

  function answered(text) {
    pending = null;
    offer.hidden = true;
    say(text);
    status.focus();
  }

  async function receive() {
    const fragment = location.hash;
    if (!fragment.startsWith(PREFIX)) return;
    // Out of the address bar, and out of this entry of the history, before anything else: the
    // data must not linger there, whether the reader accepts, declines or leaves.
    history.replaceState(history.state, "", location.pathname + location.search);
    offer.hidden = true;
    pending = null;
    let plan = null;
    try {
      plan = readerData.check(await unpack(fragment));
    } catch (error) {
      const unsupported = error instanceof TypeError && error.message === "unsupported";
      return answered(unsupported ? texts.unsupported : texts.refused);
    }
    // Links made here pass every check: one that does not was altered, and none of it is taken.
    if (plan.refused.length) return answered(texts.refused);
    const what = readerData.countsText(readerData.counts(plan.take));
    if (!what) return answered(texts.nothing);
    pending = plan;
    say("");
    document.getElementById("transfer-offer-text").textContent = texts.offer.replace("{what}", what);
    offer.hidden = false;
    offer.scrollIntoView({ block: "center" });
    offer.focus();
  }

  document.getElementById("transfer-accept").addEventListener("click", () => {
    if (pending) answered(readerData.describe(readerData.apply(pending)));
  });
  document.getElementById("transfer-cancel").addEventListener("click", () => answered(texts.declined));

  window.addEventListener("hashchange", receive);
  receive();
})();
