#!/usr/bin/env node
/*
 * Equivalence harness: the browser gift engine (Templates/assets/js/gift-engine.js) and
 * `modak gifts simulate` (Swift) must agree on every session.
 *
 *   node Tests/gifts/equivalence.js
 *   MODAK_SIMULATE="/path/to/modak gifts simulate" node Tests/gifts/equivalence.js
 *
 * MODAK_SIMULATE is a shell command prefix (default: `modak gifts simulate`); the harness appends
 * `--gender G --budget MIN-MAX --answers A,B,… --content DIR` and expects exactly the documented
 * one-line JSON object on stdout (exit 0), or exit 2 for a budget with min > max.
 * MODAK_EQ_SEED changes the seed (default 20261128). Deterministic for a given seed.
 *
 * Catalogues (each copied to a temp content folder with a minimal site.json):
 *  - "sample": content/gifts/ of this repository, when present;
 *  - "synthetic": 40 gifts and 15 questions generated here — shared and unknown question tags,
 *    repeated prices, all three genders;
 *  - "small": 14 gifts, so sessions cross the 10/11 candidate threshold often.
 * Prints `N passed, N failed` and exits 1 on any difference.
 */
"use strict";

const fs = require("fs");
const os = require("os");
const path = require("path");
const { spawnSync } = require("child_process");

const repo = path.resolve(__dirname, "..", "..");
const engine = require(path.join(repo, "Templates", "assets", "js", "gift-engine.js"));
const simulateCommand = process.env.MODAK_SIMULATE || "modak gifts simulate";
const seed = Number(process.env.MODAK_EQ_SEED || 20261128) >>> 0;
const MAX_BUDGET = 50000000;

// mulberry32: small, seedable, good enough for test inputs.
function prng(a) {
  return function () {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = prng(seed);
const int = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1)); // inclusive
const pick = (items) => items[int(0, items.length - 1)];

// ---------------------------------------------------------------- catalogues

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "modak-gifts-eq-"));
process.on("exit", () => fs.rmSync(tmp, { recursive: true, force: true }));

function writeContent(name, gifts, questions, copyFrom) {
  const dir = path.join(tmp, name);
  fs.mkdirSync(path.join(dir, "gifts"), { recursive: true });
  if (copyFrom) fs.cpSync(copyFrom, path.join(dir, "gifts"), { recursive: true });
  fs.writeFileSync(path.join(dir, "site.json"), JSON.stringify({ title: "Gift equivalence", baseURL: "https://example.org/" }));
  fs.writeFileSync(path.join(dir, "gifts", "gifts.json"), JSON.stringify(gifts, null, 2));
  fs.writeFileSync(path.join(dir, "gifts", "questions.json"), JSON.stringify(questions, null, 2));
  return { name, dir, gifts, questions };
}

function synthetic(name, giftCount, questionCount) {
  const tags = ["food", "sweet", "tech", "home", "book", "music", "sport", "beauty"];
  const prices = [0, 1000, 5000, 9900, 10000, 10000, 15000, 20000, 30000, 50000, 99000, 100000, 250000, 1000000, MAX_BUDGET];
  const gifts = [];
  for (let i = 0; i < giftCount; i++) {
    const own = [];
    for (let n = int(0, 3); n > 0; n--) { const t = pick(tags); if (!own.includes(t)) own.push(t); }
    const gift = { id: `${name}-g${String(i).padStart(2, "0")}`, name: `Gift ${i}`, price: random() < 0.7 ? pick(prices) : int(0, 300000), image: `https://example.org/${i}.png`, tags: own };
    const g = random();
    if (g < 0.2) gift.gender = "female"; else if (g < 0.4) gift.gender = "male"; else if (g < 0.6) gift.gender = "any"; // else: omitted (default any)
    gifts.push(gift);
  }
  // More questions than tags, so some share a tag; two ask about tags no gift has.
  const questionTags = tags.concat(["travel", "garden"]);
  const questions = [];
  for (let i = 0; i < questionCount; i++) {
    questions.push({ id: `${name}-q${String(i).padStart(2, "0")}`, text: `Question ${i}?`, tag: i < questionTags.length ? questionTags[i] : pick(questionTags) });
  }
  // Shuffle the file order of the questions (deterministically).
  for (let i = questions.length - 1; i > 0; i--) { const j = int(0, i); [questions[i], questions[j]] = [questions[j], questions[i]]; }
  return writeContent(name, gifts, questions, null);
}

const catalogues = [];
const sampleDir = path.join(repo, "content", "gifts");
if (fs.existsSync(path.join(sampleDir, "gifts.json")) && fs.existsSync(path.join(sampleDir, "questions.json"))) {
  const gifts = JSON.parse(fs.readFileSync(path.join(sampleDir, "gifts.json"), "utf8"));
  const questions = JSON.parse(fs.readFileSync(path.join(sampleDir, "questions.json"), "utf8"));
  catalogues.push(writeContent("sample", gifts, questions, sampleDir));
} else {
  console.log("note: content/gifts/ not found; using synthetic catalogues only");
}
catalogues.push(synthetic("synthetic", 40, 15));
catalogues.push(synthetic("small", 14, 12));

// ---------------------------------------------------------------- sessions

function randomBudget(gifts, wide) {
  const prices = gifts.map((g) => g.price);
  if (random() < wide) return [0, MAX_BUDGET - int(0, 1) * int(0, MAX_BUDGET)];
  switch (int(0, 7)) {
    case 0: return [0, MAX_BUDGET];
    case 1: return pick([[0, 0], [MAX_BUDGET, MAX_BUDGET], [0, 1], [MAX_BUDGET - 1, MAX_BUDGET]]);
    case 2: { const a = pick(prices), b = pick(prices); return [Math.min(a, b), Math.max(a, b)]; } // bounds on prices
    case 3: { const p = pick(prices); return [Math.max(0, p - int(0, 1)), Math.min(MAX_BUDGET, p + int(0, 1))]; } // a single price
    case 4: { const p = pick(prices); return [Math.min(MAX_BUDGET, p + 1), Math.min(MAX_BUDGET, p + 1)]; } // likely no gift
    case 5: { const a = Math.round(Math.exp(random() * Math.log(MAX_BUDGET))), b = Math.round(Math.exp(random() * Math.log(MAX_BUDGET))); return [Math.min(a, b), Math.max(a, b)]; }
    case 6: { const a = int(0, 60000); return [a, a + int(0, 60000)]; }
    default: { const a = pick(prices); return [a, MAX_BUDGET]; }
  }
}

function randomAnswers() {
  const n = random() < 0.1 ? 0 : int(1, 12);
  const out = [];
  for (let i = 0; i < n; i++) { const r = random(); out.push(r < 0.45 ? "O" : r < 0.8 ? "X" : "skip"); }
  return out;
}

function runSimulator(args) {
  const quoted = args.map((a) => "'" + a.replace(/'/g, "'\\''") + "'").join(" ");
  const result = spawnSync("sh", ["-c", `${simulateCommand} ${quoted}`], { encoding: "utf8", maxBuffer: 1 << 24 });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const sessions = [];
const perCatalogue = catalogues.length === 3 ? [200, 120, 80] : [200, 120];
catalogues.forEach((catalogue, c) => {
  for (let i = 0; i < perCatalogue[c]; i++) {
    sessions.push({ catalogue, gender: pick(["any", "female", "male"]), budget: randomBudget(catalogue.gifts, catalogue.name === "small" ? 0.6 : 0.1), answers: randomAnswers() });
  }
  // min > max: a usage error for both (JS RangeError, CLI exit 2).
  for (let i = 0; i < 4; i++) {
    const hi = int(0, 100000);
    sessions.push({ catalogue, gender: pick(["any", "female", "male"]), budget: [hi + int(1, 1000), hi], answers: randomAnswers() });
  }
});

let passed = 0;
let failed = 0;
const stats = { done: 0, notDone: 0, noCandidates: 0, usage: 0, thresholdCrossed: 0 };

function fail(session, why) {
  failed++;
  if (failed <= 10) {
    console.log(`FAIL [${session.catalogue.name}] --gender ${session.gender} --budget ${session.budget.join("-")} --answers ${session.answers.join(",")}`);
    console.log("  " + why.split("\n").join("\n  "));
  }
}

for (const session of sessions) {
  const [min, max] = session.budget;
  const args = ["--gender", session.gender, "--budget", `${min}-${max}`, "--answers", session.answers.join(","), "--content", session.catalogue.dir];
  let out;
  try {
    out = runSimulator(args);
  } catch (error) {
    console.error(`cannot run \`${simulateCommand}\`: ${error.message}`);
    process.exit(1);
  }

  if (min > max) {
    let jsThrew = false;
    try { engine.simulate({ gifts: session.catalogue.gifts, questions: session.catalogue.questions, gender: session.gender, min, max, answers: session.answers }); } catch (e) { jsThrew = e instanceof RangeError; }
    if (out.status === 2 && jsThrew && out.stdout === "") { passed++; stats.usage++; } else fail(session, `expected a usage error from both: simulator exit ${out.status} stdout ${JSON.stringify(out.stdout)}, JS RangeError ${jsThrew}`);
    continue;
  }

  const expected = engine.simulate({ gifts: session.catalogue.gifts, questions: session.catalogue.questions, gender: session.gender, min, max, answers: session.answers });
  const expectedLine = engine.simulationJSON(expected) + "\n";
  if (out.status !== 0) { fail(session, `simulator exit ${out.status}: ${out.stderr.trim()}`); continue; }
  if (out.stdout !== expectedLine) {
    let detail = "";
    try {
      const got = JSON.parse(out.stdout);
      for (const key of ["asked", "answers", "candidates", "done"]) {
        if (JSON.stringify(got[key]) !== JSON.stringify(expected[key])) detail += `\n${key}: swift ${JSON.stringify(got[key])} js ${JSON.stringify(expected[key])}`;
      }
    } catch (e) { detail = "\n(simulator output is not JSON)"; }
    fail(session, `swift: ${out.stdout.trim()}\njs:    ${expectedLine.trim()}${detail}`);
    continue;
  }
  passed++;
  if (expected.done) stats.done++; else stats.notDone++;
  if (expected.candidates.length === 0) stats.noCandidates++;
  // Did the session cross the 10/11 candidate line while questions were asked?
  const replay = engine.createSession({ gifts: session.catalogue.gifts, questions: session.catalogue.questions, gender: session.gender, min, max });
  const counts = [replay.candidates().length];
  for (const a of expected.answers) { replay.answer(a); counts.push(replay.candidates().length); }
  if (counts.some((n) => n > 10) && counts.some((n) => n <= 10)) stats.thresholdCrossed++;
}

console.log(`catalogues: ${catalogues.map((c) => `${c.name} (${c.gifts.length} gifts, ${c.questions.length} questions)`).join(", ")}; seed ${seed}; simulator: ${simulateCommand}`);
console.log(`coverage: ${stats.done} done, ${stats.notDone} not done, ${stats.noCandidates} with no candidate, ${stats.thresholdCrossed} crossing 10/11 candidates, ${stats.usage} min>max usage errors`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
