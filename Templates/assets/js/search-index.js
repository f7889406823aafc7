// The search index (search/shards/, docs/reference/output.md "Search index"): finds every saying
// whose Korean, English, author or tags hold each word of a query, fetching one shard a word.
// window.Modak.searchIndex.
"use strict";
(() => {
  const settings = document.getElementById("saying-data");
  if (!settings) return;
  const { count, hash, load } = Modak.sayingData;
  const shardCount = Number(settings.dataset.searchShards);
  const shardsURL = new URL(settings.dataset.searchUrl, document.baseURI);

  // ---- Hangul-aware matching -------------------------------------------------------------------
  // Texts and queries are NFC and lower-cased. A Hangul syllable U+AC00…U+D7A3 is
  // 0xAC00 + (initial × 21 + medial) × 28 + final. A query may use initial consonants alone
  // ("ㅁㄷ" finds "모닥"), and while the keyboard is still composing its last syllable, that
  // syllable may gain a final consonant ("모다" finds "모닥" until the reader types on).

  const INITIALS = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ";

  function syllable(character) {
    const offset = character.charCodeAt(0) - 0xac00;
    return offset >= 0 && offset < 11172 ? offset : -1;
  }

  function initialOf(character) {
    const offset = syllable(character);
    return offset < 0 ? character : INITIALS[Math.floor(offset / 588)];
  }

  /** The text with each syllable replaced by its initial consonant; same length, so positions line up. */
  function initials(text) {
    let result = "";
    for (let i = 0; i < text.length; i++) result += initialOf(text[i]);
    return result;
  }

  function isOpenSyllable(character) {
    const offset = syllable(character);
    return offset >= 0 && offset % 28 === 0;
  }

  function characterMatches(wanted, found, isComposed) {
    if (wanted === found) return true;
    if (INITIALS.includes(wanted)) return initialOf(found) === wanted;
    if (isComposed && isOpenSyllable(wanted)) {
      const offset = syllable(found);
      return offset >= 0 && Math.floor(offset / 28) === Math.floor(syllable(wanted) / 28);
    }
    return false;
  }

  /** A test of one query word against a token of the index; `composing`: its last syllable is unfinished. */
  function termMatcher(term, composing) {
    const hangulAware = /[\u3131-\u314e]/.test(term) || (composing && isOpenSyllable(term[term.length - 1]));
    if (!hangulAware) return (token) => token.includes(term);
    // Any match is also a match of the initials, so those find the candidates cheaply.
    const pattern = initials(term);
    return (token) => {
      const initialsOfToken = initials(token);
      for (let start = initialsOfToken.indexOf(pattern); start >= 0; start = initialsOfToken.indexOf(pattern, start + 1)) {
        let matches = true;
        for (let i = 0; i < term.length && matches; i++) {
          matches = characterMatches(term[i], token[start + i], composing && i === term.length - 1);
        }
        if (matches) return true;
      }
      return false;
    };
  }

  // ---- The shards ---------------------------------------------------------------------------------
  // Every token that can match a word shares the word's first two units' keys (a syllable's key is
  // its initial consonant: every form a query gives it keeps that), and a word of one unit is
  // looked up among the single units, by its key: so one shard answers a word.

  /** The query's words: NFC, lower-cased, with final sigma as σ, as the build made the tokens. */
  function terms(query) {
    return query.normalize("NFC").toLowerCase().replace(/ς/g, "σ").split(/\s+/).filter(Boolean);
  }

  function keyUnit(character) {
    return syllable(character) < 0 ? character : initialOf(character);
  }

  function shardOf(term) {
    return hash(term.length === 1 ? keyUnit(term) : keyUnit(term[0]) + keyUnit(term[1])) % shardCount;
  }

  /** Marks in `found` (a byte per saying) the sayings of a posting: differences, or a Base64 bitmap. */
  function mark(posting, found) {
    if (typeof posting === "string") {
      const bits = atob(posting);
      for (let byte = 0; byte < bits.length; byte++) {
        const value = bits.charCodeAt(byte);
        for (let bit = 0; value >> bit; bit++) if ((value >> bit) & 1) found[byte * 8 + bit] = 1;
      }
    } else {
      let number = 0;
      for (const difference of posting) found[number += difference] = 1;
    }
  }

  /** The sayings holding `term`, a byte per saying. */
  async function sayingsWith(term, composing) {
    const shard = await load(`${shardOf(term)}.json`, shardsURL);
    const matches = termMatcher(term, composing), single = term.length === 1, found = new Uint8Array(count);
    for (const token of Object.keys(shard)) {
      if ((token.length === 1) === single && matches(token)) mark(shard[token], found);
    }
    return found;
  }

  /** The numbers of the sayings holding every word of `query`, newest first; `composing`: its last word's last syllable is unfinished. */
  async function find(query, composing) {
    const words = terms(query);
    if (words.length === 0) return [];
    const sets = await Promise.all(words.map((word, i) => sayingsWith(word, composing && i === words.length - 1)));
    const numbers = [];
    for (let number = count - 1; number >= 0; number--) {
      if (sets.every((found) => found[number])) numbers.push(number);
    }
    return numbers;
  }

  Modak.searchIndex = { find };
})();
