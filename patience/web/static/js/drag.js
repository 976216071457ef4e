// Pointer input on the table (mouse, pen and touch alike): taps, and drag and drop of a group as one.
//
// installPointer(table, layer, handlers) calls
//   handlers.tap(pileEl, cardIndex)                 a press and release without moving
//   handlers.dragStart(pileEl, count)               -> true to allow the drag (highlights targets)
//   handlers.drop(srcEl, dstEl|null, count, cards)  -> Promise<boolean> (true: the move was accepted)
//   handlers.dragEnd()                              clears highlights
//   handlers.changed()                              the pile changed under a press (says so)
//
// A press holds the cards it took (their data-card). When the table is drawn again while the button is
// down (the answer to a deal or a move arrives), the press goes on on the new table: the same pile, and
// the same cards if they are still there. A tap then takes the pile as it is (its new top card when the
// pile changed); a drag of cards that something now covers is refused, and handlers.changed() says why.

import { reducedMotion } from "./table.js";

const DRAG_THRESHOLD = 6;

function overlap(a, b) {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return w > 0 && h > 0 ? w * h : 0;
}

/** The cards of a pile element from `index` up, by their data-card. */
function cardsFrom(pileEl, index) {
  return [...pileEl.querySelectorAll(":scope > [data-card]")].slice(index).map((el) => el.dataset.card);
}

export function installPointer(table, layer, handlers) {
  let press = null; // {pileEl, index, cards, x, y, id}
  let drag = null; // {pileEl, count, cards:[{el, rect}], dx, dy, hover}

  function targetAt(x, y) {
    const lead = drag.cards[0];
    const leadRect = {
      left: lead.rect.left + drag.dx, right: lead.rect.right + drag.dx,
      top: lead.rect.top + drag.dy, bottom: lead.rect.bottom + drag.dy,
    };
    const under = document.elementFromPoint(x, y);
    const direct = under && under.closest ? under.closest("#table [data-pile]") : null;
    if (direct && direct !== drag.pileEl) return direct;
    let best = null;
    let bestArea = 0;
    for (const el of table.querySelectorAll("[data-pile]")) {
      if (el === drag.pileEl) continue;
      const area = overlap(leadRect, el.getBoundingClientRect()) * (el.classList.contains("target") ? 3 : 1);
      if (area > bestArea) [best, bestArea] = [el, area];
    }
    return bestArea > 0 ? best : null;
  }

  /**
   * The press on the table as it is now: the pile element (drawn again since the press, perhaps) and
   * whether it still holds the pressed cards from the pressed place up.
   */
  function current(pressed) {
    let pileEl = pressed.pileEl;
    if (!pileEl.isConnected) pileEl = table.querySelector(`[data-pile="${pileEl.dataset.pile}"]`) || pileEl;
    const now = cardsFrom(pileEl, Math.max(0, pressed.index));
    const same = now.length === pressed.cards.length && now.every((card, i) => card === pressed.cards[i]);
    return { pileEl, same };
  }

  function startDrag() {
    const now = current(press);
    if (!now.same) {
      press.changed = true;
      handlers.changed();
      return false;
    }
    press.pileEl = now.pileEl;
    const cards = [...press.pileEl.querySelectorAll(":scope > [data-card]")].slice(press.index);
    const count = cards.length;
    if (!count || !handlers.dragStart(press.pileEl, count)) return false;
    drag = { pileEl: press.pileEl, count, dx: 0, dy: 0, hover: null, cards: [] };
    for (const el of cards) {
      const rect = el.getBoundingClientRect();
      drag.cards.push({ el, rect, parent: el.parentNode, next: el.nextSibling });
      el.style.left = `${rect.left}px`;
      el.style.top = `${rect.top}px`;
      el.style.width = `${rect.width}px`;
      el.style.height = `${rect.height}px`;
      el.classList.add("dragging");
      layer.append(el);
    }
    document.body.classList.add("is-dragging");
    return true;
  }

  function moveDrag(x, y) {
    drag.dx = x - press.x;
    drag.dy = y - press.y;
    for (const { el } of drag.cards) el.style.transform = `translate(${drag.dx}px, ${drag.dy}px)`;
    const hover = targetAt(x, y);
    if (hover !== drag.hover) {
      if (drag.hover) drag.hover.classList.remove("drop-hover");
      if (hover) hover.classList.add("drop-hover");
      drag.hover = hover;
    }
  }

  async function flyBack(cards) {
    if (!reducedMotion()) {
      const anims = cards.map(({ el }) =>
        el.animate([{ transform: el.style.transform }, { transform: "translate(0px, 0px)" }], {
          duration: 200, easing: "ease-out", fill: "forwards",
        }).finished.catch(() => {}),
      );
      await Promise.all(anims);
    }
  }

  async function endDrag() {
    const current = drag;
    drag = null;
    document.body.classList.remove("is-dragging");
    if (current.hover) current.hover.classList.remove("drop-hover");
    const target = current.hover;
    let accepted = false;
    if (target) {
      accepted = await handlers.drop(current.pileEl, target, current.count, current.cards);
    }
    if (!accepted) {
      await flyBack(current.cards);
      for (const { el } of current.cards) {
        el.classList.remove("dragging");
        el.style.left = el.style.width = el.style.height = el.style.transform = "";
        el.style.top = "";
        el.getAnimations().forEach((a) => a.cancel());
      }
      handlers.restore();
    }
    layer.replaceChildren();
    handlers.dragEnd();
  }

  table.addEventListener("pointerdown", (event) => {
    if (event.button !== 0 || press || drag) return;
    if (event.target.closest(".peek-all")) return; // a pile's badge shows its cards (main.js), not a press
    // cards still sliding into place (a deal, a move) land at once: the press is for the table as it
    // will be, not for a card on its way past
    let target = event.target;
    const sliding = [...table.querySelectorAll(".card.moving")].flatMap((el) => el.getAnimations());
    if (sliding.length) {
      sliding.forEach((a) => a.finish());
      target = document.elementFromPoint(event.clientX, event.clientY) || target;
    }
    const pileEl = target.closest("[data-pile]");
    if (!pileEl || !table.contains(pileEl)) return;
    const cardEl = target.closest("[data-card]");
    let index = -1;
    if (cardEl && pileEl.dataset.kind !== "stock") {
      const cards = [...pileEl.querySelectorAll(":scope > [data-card]")];
      index = cards.indexOf(cardEl);
      // buried cards of a pile that shows only its top cards are not handles
      if (cardEl.classList.contains("buried")) index = Math.max(0, cards.length - 1);
    }
    const cards = cardsFrom(pileEl, Math.max(0, index));
    press = { pileEl, index, cards, x: event.clientX, y: event.clientY, id: event.pointerId };
    try {
      table.setPointerCapture(event.pointerId);
    } catch (err) {
      /* capture is a nicety */
    }
    event.preventDefault();
  });

  table.addEventListener("pointermove", (event) => {
    if (!press || event.pointerId !== press.id) return;
    if (!drag) {
      const far = Math.hypot(event.clientX - press.x, event.clientY - press.y) > DRAG_THRESHOLD;
      if (!far || press.index < 0 || press.dragRefused) return;
      if (!startDrag()) {
        press.dragRefused = true;
        return;
      }
    }
    moveDrag(event.clientX, event.clientY);
  });

  async function release(event, cancelled) {
    if (!press || event.pointerId !== press.id) return;
    const wasPress = press;
    if (drag) {
      if (cancelled) drag.hover = null;
      press = null;
      await endDrag();
      return;
    }
    press = null;
    if (cancelled || wasPress.changed) return;
    // the table was drawn again while the button was down (the answer to the move before): the same
    // pile, and the same card unless the pile changed (then its top card, as a tap a moment later)
    const { pileEl, same } = current(wasPress);
    const count = pileEl.querySelectorAll(":scope > [data-card]").length;
    handlers.tap(pileEl, same || wasPress.index < 0 ? wasPress.index : count - 1);
  }

  table.addEventListener("pointerup", (event) => release(event, false));
  table.addEventListener("pointercancel", (event) => release(event, true));
  // the browser's own drag of images / text selection would fight ours
  table.addEventListener("dragstart", (event) => event.preventDefault());

  return {
    get dragging() {
      return drag !== null;
    },
  };
}
