// A QR code encoder (ISO/IEC 18004): text as UTF-8 in byte mode, Reed–Solomon error correction at
// level M when it fits the smallest version that holds the text at level L, else L; versions 1–40;
// each of the 8 masks tried and the one with the lowest penalty kept. Modak.qr.encode gives the
// modules, Modak.qr.svg draws them as an <svg> with a quiet zone of 4 modules (used by transfer.js
// for #transfer-qr). Nothing leaves the page.
"use strict";
(() => {
  // Per version 1–40 (index 0 unused): error correction codewords per block, and blocks.
  const ECC_PER_BLOCK = {
    L: [0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26, 28, 30,
      30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
    M: [0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28,
      28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28],
  };
  const BLOCKS = {
    L: [0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18,
      19, 19, 20, 21, 22, 24, 25],
    M: [0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31,
      33, 35, 37, 38, 40, 43, 45, 47, 49],
  };
  // The two bits of the level in the format information.
  const LEVEL_BITS = { L: 1, M: 0 };
  const QUIET_ZONE = 4;

  /** Modules of a version-`version` symbol that carry codewords (and remainder bits). */
  function rawDataModules(version) {
    let modules = (16 * version + 128) * version + 64;
    if (version >= 2) {
      const aligns = Math.floor(version / 7) + 2;
      modules -= (25 * aligns - 10) * aligns - 55;
      if (version >= 7) modules -= 36;
    }
    return modules;
  }

  function dataCodewords(version, level) {
    return Math.floor(rawDataModules(version) / 8) - ECC_PER_BLOCK[level][version] * BLOCKS[level][version];
  }

  /** Bytes byte mode holds: 4 bits of mode and a count of 8 bits (versions 1–9) or 16. */
  function capacity(version, level) {
    return Math.floor((dataCodewords(version, level) * 8 - 4 - (version < 10 ? 8 : 16)) / 8);
  }

  // GF(256) with the field polynomial x^8 + x^4 + x^3 + x^2 + 1 (0x11D).
  function multiply(x, y) {
    let z = 0;
    for (let i = 7; i >= 0; i--) {
      z = (z << 1) ^ ((z >>> 7) * 0x11d);
      z ^= ((y >>> i) & 1) * x;
    }
    return z;
  }

  /** The generator polynomial of `degree` (roots 2^0 … 2^(degree-1)), without its leading 1, highest first. */
  function divisor(degree) {
    const result = new Array(degree).fill(0);
    result[degree - 1] = 1;
    let root = 1;
    for (let i = 0; i < degree; i++) {
      for (let j = 0; j < degree; j++) {
        result[j] = multiply(result[j], root);
        if (j + 1 < degree) result[j] ^= result[j + 1];
      }
      root = multiply(root, 2);
    }
    return result;
  }

  function remainder(data, generator) {
    const result = generator.map(() => 0);
    for (const byte of data) {
      const factor = byte ^ result.shift();
      result.push(0);
      generator.forEach((coefficient, i) => { result[i] ^= multiply(coefficient, factor); });
    }
    return result;
  }

  /** The data codewords split into blocks (the short ones first), each followed by its error
   * correction, read out interleaved: every block's first codeword, then every block's second… */
  function interleave(data, version, level) {
    const blockCount = BLOCKS[level][version];
    const eccLength = ECC_PER_BLOCK[level][version];
    const rawCodewords = Math.floor(rawDataModules(version) / 8);
    const shortBlocks = blockCount - rawCodewords % blockCount;
    const shortLength = Math.floor(rawCodewords / blockCount);
    const generator = divisor(eccLength);
    const blocks = [];
    for (let i = 0, k = 0; i < blockCount; i++) {
      const block = data.slice(k, k + shortLength - eccLength + (i < shortBlocks ? 0 : 1));
      k += block.length;
      const ecc = remainder(block, generator);
      // A placeholder, so that all blocks have the same length; skipped when reading out.
      if (i < shortBlocks) block.push(0);
      blocks.push(block.concat(ecc));
    }
    const result = [];
    for (let i = 0; i < blocks[0].length; i++) {
      blocks.forEach((block, j) => {
        if (i !== shortLength - eccLength || j >= shortBlocks) result.push(block[i]);
      });
    }
    return result;
  }

  /** The data codewords: mode, count, the bytes, a terminator, then the pad bytes 0xEC 0x11 … */
  function codewords(bytes, version, level) {
    const bits = [];
    const append = (value, length) => {
      for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
    };
    append(0b0100, 4);
    append(bytes.length, version < 10 ? 8 : 16);
    for (const byte of bytes) append(byte, 8);
    const capacityBits = dataCodewords(version, level) * 8;
    append(0, Math.min(4, capacityBits - bits.length));
    append(0, (8 - bits.length % 8) % 8);
    for (let pad = 0xec; bits.length < capacityBits; pad ^= 0xec ^ 0x11) append(pad, 8);
    const result = [];
    for (let i = 0; i < bits.length; i += 8) {
      result.push(bits.slice(i, i + 8).reduce((byte, bit) => (byte << 1) | bit, 0));
    }
    return result;
  }

  function alignmentPositions(version, size) {
    if (version === 1) return [];
    const count = Math.floor(version / 7) + 2;
    const step = version === 32 ? 26 : Math.ceil((size - 13) / (count * 2 - 2)) * 2;
    const result = [6];
    for (let position = size - 7; result.length < count; position -= step) result.splice(1, 0, position);
    return result;
  }

  const MASKS = [
    (x, y) => (x + y) % 2 === 0,
    (x, y) => y % 2 === 0,
    (x) => x % 3 === 0,
    (x, y) => (x + y) % 3 === 0,
    (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
    (x, y) => (x * y) % 2 + (x * y) % 3 === 0,
    (x, y) => ((x * y) % 2 + (x * y) % 3) % 2 === 0,
    (x, y) => ((x + y) % 2 + (x * y) % 3) % 2 === 0,
  ];

  /** A symbol being drawn: modules[y][x] (true is dark), and which of them are function patterns. */
  class Matrix {
    constructor(version, level) {
      this.version = version;
      this.level = level;
      this.size = version * 4 + 17;
      this.modules = Array.from({ length: this.size }, () => new Array(this.size).fill(false));
      this.reserved = Array.from({ length: this.size }, () => new Array(this.size).fill(false));
      this.drawFunctionPatterns();
    }

    set(x, y, dark) {
      this.modules[y][x] = dark;
      this.reserved[y][x] = true;
    }

    drawFunctionPatterns() {
      const size = this.size;
      for (let i = 0; i < size; i++) {
        this.set(6, i, i % 2 === 0);
        this.set(i, 6, i % 2 === 0);
      }
      for (const [x, y] of [[3, 3], [size - 4, 3], [3, size - 4]]) this.drawFinder(x, y);
      const positions = alignmentPositions(this.version, size);
      const last = positions.length - 1;
      positions.forEach((y, i) => positions.forEach((x, j) => {
        // Not over the three finder patterns.
        if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
        for (let dy = -2; dy <= 2; dy++) {
          for (let dx = -2; dx <= 2; dx++) this.set(x + dx, y + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
        }
      }));
      // Reserved now, written once the mask is known.
      this.drawFormat(0);
      this.drawVersion();
    }

    /** A finder pattern centred on (x, y), with its light separator. */
    drawFinder(x, y) {
      for (let dy = -4; dy <= 4; dy++) {
        for (let dx = -4; dx <= 4; dx++) {
          const distance = Math.max(Math.abs(dx), Math.abs(dy));
          const xx = x + dx;
          const yy = y + dy;
          const inside = xx >= 0 && xx < this.size && yy >= 0 && yy < this.size;
          if (inside) this.set(xx, yy, distance !== 2 && distance !== 4);
        }
      }
    }

    /** The 15 format bits (level, mask, BCH(15,5), masked with 0x5412), twice, and the dark module. */
    drawFormat(mask) {
      const data = (LEVEL_BITS[this.level] << 3) | mask;
      let rest = data;
      for (let i = 0; i < 10; i++) rest = (rest << 1) ^ ((rest >>> 9) * 0x537);
      const bits = ((data << 10) | rest) ^ 0x5412;
      const bit = (i) => ((bits >>> i) & 1) === 1;
      const size = this.size;
      for (let i = 0; i <= 5; i++) this.set(8, i, bit(i));
      this.set(8, 7, bit(6));
      this.set(8, 8, bit(7));
      this.set(7, 8, bit(8));
      for (let i = 9; i < 15; i++) this.set(14 - i, 8, bit(i));
      for (let i = 0; i < 8; i++) this.set(size - 1 - i, 8, bit(i));
      for (let i = 8; i < 15; i++) this.set(8, size - 15 + i, bit(i));
      this.set(8, size - 8, true);
    }

    /** From version 7: the 18 version bits (version, BCH(18,6)), beside two finder patterns. */
    drawVersion() {
      if (this.version < 7) return;
      let rest = this.version;
      for (let i = 0; i < 12; i++) rest = (rest << 1) ^ ((rest >>> 11) * 0x1f25);
      const bits = (this.version << 12) | rest;
      for (let i = 0; i < 18; i++) {
        const dark = ((bits >>> i) & 1) === 1;
        const a = this.size - 11 + i % 3;
        const b = Math.floor(i / 3);
        this.set(a, b, dark);
        this.set(b, a, dark);
      }
    }

    /** The codewords' bits in two-module columns from the right, upwards then downwards, around the
     * function patterns and the vertical timing pattern; remainder bits stay light. */
    drawCodewords(data) {
      let i = 0;
      for (let right = this.size - 1; right >= 1; right -= 2) {
        if (right === 6) right = 5;
        const upward = ((right + 1) & 2) === 0;
        for (let vertical = 0; vertical < this.size; vertical++) {
          const y = upward ? this.size - 1 - vertical : vertical;
          for (let j = 0; j < 2; j++) {
            const x = right - j;
            if (this.reserved[y][x] || i >= data.length * 8) continue;
            this.modules[y][x] = ((data[i >>> 3] >>> (7 - (i & 7))) & 1) === 1;
            i++;
          }
        }
      }
    }

    /** Flips the modules outside function patterns where mask `mask` holds (twice undoes it). */
    applyMask(mask) {
      const rule = MASKS[mask];
      for (let y = 0; y < this.size; y++) {
        for (let x = 0; x < this.size; x++) {
          if (!this.reserved[y][x] && rule(x, y)) this.modules[y][x] = !this.modules[y][x];
        }
      }
    }

    /** The penalty of the mask rules: runs of 5+ in a row or column (3, +1 each beyond 5), 2×2
     * blocks (3 each), finder-like 1:1:3:1:1 runs with 4 light modules on one side (40 each), and
     * the share of dark modules away from half (10 per 5 %). The light quiet zone counts as light. */
    penalty() {
      const size = this.size;
      let score = 0;
      const line = (get) => {
        let color = false;
        let run = 0;
        const history = [0, 0, 0, 0, 0, 0, 0];
        const addHistory = (length) => {
          if (history[0] === 0) length += size;
          history.pop();
          history.unshift(length);
        };
        const finderLike = () => {
          const n = history[1];
          const core = n > 0 && history[2] === n && history[3] === n * 3 && history[4] === n && history[5] === n;
          if (!core) return 0;
          return (history[0] >= n * 4 && history[6] >= n ? 1 : 0) + (history[6] >= n * 4 && history[0] >= n ? 1 : 0);
        };
        for (let i = 0; i < size; i++) {
          if (get(i) === color) {
            run++;
            if (run === 5) score += 3;
            else if (run > 5) score += 1;
          } else {
            addHistory(run);
            if (!color) score += finderLike() * 40;
            color = get(i);
            run = 1;
          }
        }
        if (color) {
          addHistory(run);
          run = 0;
        }
        addHistory(run + size);
        score += finderLike() * 40;
      };
      for (let y = 0; y < size; y++) line((x) => this.modules[y][x]);
      for (let x = 0; x < size; x++) line((y) => this.modules[y][x]);
      let dark = 0;
      for (let y = 0; y < size; y++) {
        for (let x = 0; x < size; x++) {
          const color = this.modules[y][x];
          if (color) dark++;
          if (x < size - 1 && y < size - 1 && color === this.modules[y][x + 1] && color === this.modules[y + 1][x]
            && color === this.modules[y + 1][x + 1]) score += 3;
        }
      }
      const total = size * size;
      score += (Math.ceil(Math.abs(dark * 20 - total * 10) / total) - 1) * 10;
      return score;
    }
  }

  /** The smallest version (and level) that holds `length` bytes; null beyond version 40 at level L.
   * `level` "L" or "M" keeps that level. */
  function choose(length, level) {
    for (let version = 1; version <= 40; version++) {
      if (level) {
        if (length <= capacity(version, level)) return { version, level };
      } else if (length <= capacity(version, "L")) {
        return { version, level: length <= capacity(version, "M") ? "M" : "L" };
      }
    }
    return null;
  }

  /** The QR code of `text`: { version, level, mask, size, modules: rows of booleans, true dark },
   * or null when it is longer than a QR code holds. Options (for tests): `level`, `mask`. */
  function encode(text, options = {}) {
    const bytes = [...new TextEncoder().encode(text)];
    const chosen = choose(bytes.length, options.level);
    if (!chosen) return null;
    const { version, level } = chosen;
    const symbol = new Matrix(version, level);
    symbol.drawCodewords(interleave(codewords(bytes, version, level), version, level));
    let mask = options.mask;
    if (mask === undefined) {
      let lowest = Infinity;
      for (let candidate = 0; candidate < 8; candidate++) {
        symbol.applyMask(candidate);
        symbol.drawFormat(candidate);
        const score = symbol.penalty();
        if (score < lowest) {
          lowest = score;
          mask = candidate;
        }
        symbol.applyMask(candidate);
      }
    }
    symbol.applyMask(mask);
    symbol.drawFormat(mask);
    return { version, level, mask, size: symbol.size, modules: symbol.modules };
  }

  /** `code` (from encode) as an <svg>: dark modules on white whatever the theme, one path of
   * horizontal runs, crisp edges, 4 light modules around; `label` is its accessible name. */
  function svg(code, label) {
    const namespace = "http://www.w3.org/2000/svg";
    const side = code.size + QUIET_ZONE * 2;
    const element = document.createElementNS(namespace, "svg");
    element.setAttribute("viewBox", `0 0 ${side} ${side}`);
    element.setAttribute("role", "img");
    element.setAttribute("aria-label", label);
    element.setAttribute("shape-rendering", "crispEdges");
    const background = document.createElementNS(namespace, "rect");
    background.setAttribute("width", side);
    background.setAttribute("height", side);
    background.setAttribute("fill", "#fff");
    const runs = [];
    code.modules.forEach((row, y) => {
      for (let x = 0; x < code.size; x++) {
        if (!row[x]) continue;
        const start = x;
        while (x + 1 < code.size && row[x + 1]) x++;
        runs.push(`M${start + QUIET_ZONE} ${y + QUIET_ZONE}h${x - start + 1}v1h-${x - start + 1}z`);
      }
    });
    const path = document.createElementNS(namespace, "path");
    path.setAttribute("d", runs.join(""));
    path.setAttribute("fill", "#000");
    element.append(background, path);
    return element;
  }

  const MAX_BYTES = capacity(40, "L");
  (window.Modak = window.Modak || {}).qr = { encode, svg, capacity, MAX_BYTES };
})();
