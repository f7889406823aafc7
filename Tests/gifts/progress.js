#!/usr/bin/env node
/*
 * The quiz's progress bar is answeredCount() out of mostAnswers() (gift-engine.js). This checks,
 * on the sample catalogue and on generated ones, session by session and answer by answer, what
 * makes that bar honest:
 *  - it never moves back: mostAnswers() never grows and answeredCount() never falls;
 *  - it never overflows: answeredCount() <= mostAnswers();
 *  - it is full exactly at the end: mostAnswers() === answeredCount() if and only if the quiz is over;
 *  - "at most" is not a guess: answering O from here on ends with exactly mostAnswers() answers.
 *
 *   node Tests/gifts/progress.js        (MODAK_EQ_SEED changes the seed)
 * Prints `N passed, N failed` and exits 1 on any failure.
 */
"use strict";

const fs = require("fs");
const path = require("path");

const repo = path.resolve(__dirname, "..", "..");
const engine = require(path.join(repo, "Templates", "assets", "js", "gift-engine.js"));
let state = Number(process.env.MODAK_EQ_SEED || 20261130) >>> 0;
function random() { // mulberry32
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const int = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
const pick = (items) => items[int(0, items.length - 1)];

function generated(giftCount, questionCount) {
  const tags = ["food", "sweet", "tech", "home", "book", "music"];
  const gifts = [];
  for (let i = 0; i < giftCount; i++) {
    const own = [...new Set(Array.from({ length: int(0, 3) }, () => pick(tags)))];
    gifts.push({ id: `g${i}`, price: int(0, 100) * 1000, tags: own, gender: pick(["any", "female", "male", undefined]) });
  }
  const questions = Array.from({ length: questionCount }, (_, i) => ({ id: `q${i}`, tag: pick(tags.concat(["travel"])) }));
  return { gifts, questions };
}

const catalogues = [generated(40, 14), generated(14, 10), generated(3, 2), generated(25, 0)];
const sample = path.join(repo, "content", "gifts");
if (fs.existsSync(path.join(sample, "gifts.json"))) {
  catalogues.unshift({
    gifts: JSON.parse(fs.readFileSync(path.join(sample, "gifts.json"), "utf8")),
    questions: JSON.parse(fs.readFileSync(path.join(sample, "questions.json"), "utf8")),
  });
}

function shuffled(items) {
  for (let i = items.length - 1; i > 0; i--) { const j = int(0, i); [items[i], items[j]] = [items[j], items[i]]; }
}

let passed = 0;
let failed = 0;
for (let n = 0; n < 600; n++) {
  const catalogue = catalogues[n % catalogues.length];
  const a = int(0, 120000);
  const options = { ...catalogue, gender: pick(["any", "female", "male"]), min: a, max: a + int(0, 200000) };
  const order = catalogue.questions.slice();
  if (random() < 0.5) shuffled(order);
  const start = () => engine.createSession({ ...options, shuffle: () => order.slice() });
  const session = start();
  const given = [];
  const problems = [];
  let previous = { most: Infinity, answered: 0 };
  for (;;) {
    const most = session.mostAnswers();
    const answered = session.answeredCount();
    if (most > previous.most) problems.push(`the most grew from ${previous.most} to ${most}`);
    if (answered < previous.answered) problems.push("the answers fell");
    if (answered > most) problems.push(`${answered} answers out of at most ${most}`);
    if ((most === answered) !== session.isDone()) problems.push(`most ${most}, answered ${answered}, done ${session.isDone()}`);
    // All O from here: replay what was given, then O until the end.
    const probe = start();
    for (const answer of given) probe.answer(answer);
    while (!probe.isDone()) probe.answer("O");
    if (probe.answeredCount() !== most) problems.push(`all O ends with ${probe.answeredCount()} answers, not ${most}`);
    previous = { most, answered };
    if (session.isDone() || problems.length) break;
    const r = random();
    const answer = r < 0.4 ? "O" : r < 0.75 ? "X" : "skip";
    given.push(answer);
    session.answer(answer);
  }
  if (problems.length) {
    failed++;
    if (failed <= 10) console.log(`session ${n} (${JSON.stringify(options.min)}-${options.max}, ${given.join(",")}): ${problems.join("; ")}`);
  } else {
    passed++;
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
