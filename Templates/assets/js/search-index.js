// The search index (search/, docs/reference/output.md "Search index"): finds every saying whose
// Korean, English, author (any of its names) or tags hold each word of a query. It reads
// search/keys.json, then the one file of the word that the fewest sayings can match, then checks
// the other words in their own files or, once that costs less, in the texts of the sayings left.
// window.Modak.searchIndex.
"use strict";
(() => {
  const settings = document.getElementById("saying-data");
  if (!settings) return;
  const { count, hash, load, saying } = Modak.sayingData;
  const shardCount = Number(settings.dataset.searchShards), chunkSize = Number(settings.dataset.chunkSize);
  // data-search-url is search/shards/; the index's other files are beside it.
  const searchURL = new URL("../", new URL(settings.dataset.searchUrl, document.baseURI));

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

  // ---- The files -------------------------------------------------------------------------------
  // Every token that can match a word holds each of the word's key pairs (a syllable's key is its
  // initial consonant: every form a query gives it keeps that), so the shard of any of them answers
  // the word; a word of one unit is looked up among the single units by its unit key (a syllable
  // without its final), and one or two initial consonants in search/initials/. keys.json tells how
  // many sayings each can match and what its file costs, so the script reads the rarest word's file
  // first and checks the others where it costs least.

  /** The query's words: NFC, lower-cased, with final sigma as σ, as the build made the tokens. */
  function terms(query) {
    return query.normalize("NFC").toLowerCase().replace(/ς/g, "σ").split(/\s+/).filter(Boolean);
  }

  function keyCode(character) {
    const offset = syllable(character);
    return offset < 0 ? character.charCodeAt(0) : INITIALS.charCodeAt(Math.floor(offset / 588));
  }

  function unitKey(character) {
    const offset = syllable(character);
    return offset < 0 ? character : String.fromCharCode(0xac00 + offset - (offset % 28));
  }

  /**
   * Where `word` is answered: { url, count (sayings it can match at most), bytes (of its file),
   * initials (its file lists it alone), single (a word of one unit) }, or null when no saying can
   * match it.
   */
  function source(word, keys) {
    if (word.length <= 2 && [...word].every((character) => INITIALS.includes(character))) {
      const entry = keys.initials[word];
      const url = new URL(`initials/${hash(word) % shardCount}.json`, searchURL);
      return entry && { url, count: entry[0], bytes: entry[1], initials: true };
    }
    if (word.length === 1) {
      const key = unitKey(word), entry = keys.units[key.charCodeAt(0)];
      const url = new URL(`shards/${hash(key) % shardCount}.json`, searchURL);
      return entry && { url, count: entry[0], bytes: entry[1], single: true };
    }
    let best = null;
    for (let i = 0; i + 1 < word.length; i++) {
      const entry = keys.pairs[keyCode(word[i]) * 65536 + keyCode(word[i + 1])];
      if (!entry) return null;
      if (!best || entry[0] < best.count || (entry[0] === best.count && entry[1] < best.bytes)) {
        const pair = String.fromCharCode(keyCode(word[i]), keyCode(word[i + 1]));
        const url = new URL(`shards/${hash(pair) % shardCount}.json`, searchURL);
        best = { url, count: entry[0], bytes: entry[1] };
      }
    }
    return best;
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

  /** The sayings holding the word of `plan`, a byte per saying, from its file. */
  async function sayingsWith(plan) {
    const file = await load(plan.url.href), found = new Uint8Array(count);
    if (plan.initials) {
      mark(file[plan.word], found);
      return found;
    }
    const matches = termMatcher(plan.word, plan.composing);
    for (const token of Object.keys(file)) {
      if ((token.length === 1) === Boolean(plan.single) && matches(token)) mark(file[token], found);
    }
    return found;
  }

  /** Keeps in `found` the sayings whose text holds every word of `plans`, read from their data files. */
  async function keepMatching(found, numbers, plans, names) {
    const tests = plans.map((plan) => termMatcher(plan.word, plan.composing));
    const sayings = await Promise.all(numbers.map(saying));
    sayings.forEach((entry, i) => {
      // The text the index is made of: Korean, English, the author's names, tags.
      const other = Object.prototype.hasOwnProperty.call(names, entry.author) ? names[entry.author] : [];
      const fields = [entry.kor, entry.eng, entry.who, ...other, ...entry.tags.map((tag) => tag.name)];
      const text = fields.join("\n").toLowerCase().replace(/ς/g, "σ");
      if (!tests.every((matches) => matches(text))) found[numbers[i]] = 0;
    });
  }

  function numbersIn(found) {
    const numbers = [];
    for (let number = 0; number < count; number++) if (found[number]) numbers.push(number);
    return numbers;
  }

  /**
   * The numbers of the sayings holding every word of `query`, newest first; `composing`: its last
   * word's last syllable is unfinished.
   */
  async function find(query, composing) {
    const words = terms(query);
    if (words.length === 0) return [];
    const keys = await load(new URL("keys.json", searchURL).href);
    const plans = [];
    for (const [i, word] of words.entries()) {
      const plan = source(word, keys);
      if (!plan) return [];
      plans.push(Object.assign(plan, { word, composing: composing && i === words.length - 1 }));
    }
    // The rarest word first: what it finds bounds the sayings left to check.
    plans.sort((a, b) => a.count - b.count || a.bytes - b.bytes);
    const read = new Set([plans[0].url.href]);
    const found = await sayingsWith(plans[0]);
    for (let next = 1; next < plans.length; next++) {
      // The rest in the texts of the sayings left, once their data files cost less than the next word's file.
      const numbers = numbersIn(found), plan = plans[next];
      const files = new Set(numbers.map((number) => Math.floor(number / chunkSize))).size;
      if (!read.has(plan.url.href) && files * keys.chunkBytes <= plan.bytes) {
        await keepMatching(found, numbers, plans.slice(next), keys.names);
        break;
      }
      read.add(plan.url.href);
      const also = await sayingsWith(plan);
      for (let number = 0; number < count; number++) found[number] &= also[number];
    }
    return numbersIn(found).reverse();
  }

  Modak.searchIndex = { find };
})();
