// Sounds made by the page itself with Web Audio (no sound files): picking up and putting down a card,
// a deal, a refused move, a card going up to a foundation, a win. Off until the player turns them on
// in the menu; the choice is remembered in this browser.
//
//   installSound(group);      // adds the Sound switch (it always goes into ☰)
//   playSound("pick");        // nothing when the sound is off
//   soundFor(before, after);  // "up", "deal", "win" or "drop": what a change of the game sounds like

import { t } from "./i18n.js";
import { showSwitchState } from "./state.js";

const SOUND_KEY = "patience.sound";

/**
 * Each sound: notes [start s, length s, frequency Hz (→ Hz at the end), wave, loudness]. Short and soft:
 * a click is 40–90 ms, the win's arpeggio under a second.
 */
const SOUNDS = {
  pick: [[0, 0.05, [620, 900], "sine", 0.18]],
  drop: [[0, 0.08, [260, 140], "triangle", 0.3]],
  deal: [[0, 0.04, [480, 360], "triangle", 0.2], [0.06, 0.04, [520, 380], "triangle", 0.2], [0.12, 0.04, [560, 400], "triangle", 0.2]],
  refuse: [[0, 0.09, [180, 150], "square", 0.08], [0.12, 0.12, [150, 120], "square", 0.08]],
  up: [[0, 0.07, [660, 660], "sine", 0.2], [0.07, 0.11, [990, 990], "sine", 0.2]],
  win: [[0, 0.14, [523, 523], "triangle", 0.25], [0.14, 0.14, [659, 659], "triangle", 0.25],
    [0.28, 0.14, [784, 784], "triangle", 0.25], [0.42, 0.45, [1047, 1047], "triangle", 0.25]],
};

let context = null;

/** Is the sound on (remembered; off by default)? */
export function soundOn() {
  return localStorage.getItem(SOUND_KEY) === "1";
}

function audio() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return null;
  if (!context) context = new Context();
  if (context.state === "suspended") context.resume().catch(() => {});
  return context;
}

/** Play a sound by name when the sound is on; an unknown name plays nothing. */
export function playSound(name) {
  const notes = SOUNDS[name];
  if (!notes || !soundOn()) return;
  const ac = audio();
  if (!ac) return;
  const now = ac.currentTime + 0.01;
  for (const [start, length, [from, to], wave, loudness] of notes) {
    const osc = ac.createOscillator();
    const gain = ac.createGain();
    osc.type = wave;
    osc.frequency.setValueAtTime(from, now + start);
    osc.frequency.exponentialRampToValueAtTime(to, now + start + length);
    gain.gain.setValueAtTime(0.0001, now + start);
    gain.gain.exponentialRampToValueAtTime(loudness, now + start + 0.008);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
    osc.connect(gain).connect(ac.destination);
    osc.start(now + start);
    osc.stop(now + start + length + 0.02);
  }
}

function foundationCards(game) {
  return game.view.piles.filter((p) => p.kind === "foundation").reduce((n, p) => n + p.cards.length, 0);
}

/** What an accepted change sounds like: a win, a card going up, a deal from the stock, or a card put down. */
export function soundFor(before, after, moves = []) {
  if (after.won && !(before && before.won)) return "win";
  if (before && foundationCards(after) > foundationCards(before)) return "up";
  if (moves.length === 1 && moves[0] === "s") return "deal";
  return "drop";
}

function setSound(button, on) {
  localStorage.setItem(SOUND_KEY, on ? "1" : "0");
  showSwitchState(button, on);
}

/** Say the switch's state again (in the page's language, after it changes). */
export function renderSound() {
  const button = document.getElementById("sound");
  if (button) showSwitchState(button, soundOn());
}

/** Add the Sound switch to `group` (a toolbar group; it always goes into the menu). */
export function installSound(group) {
  const button = document.createElement("button");
  button.id = "sound";
  button.className = "switch";
  button.type = "button";
  button.dataset.menu = "";
  const name = document.createElement("span");
  name.dataset.i18n = "Sound";
  name.textContent = t("Sound");
  button.append(name);
  showSwitchState(button, soundOn());
  button.addEventListener("click", () => {
    setSound(button, !soundOn());
    playSound("pick"); // the switch answers with a sound when it turns the sound on
  });
  group.append(button);
}
