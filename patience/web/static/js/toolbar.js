// The toolbar: one row. Whatever does not fit goes into the menu (☰), in the toolbar's order.
//
// Every direct child of a `.toolbar .group` is an item. Items marked `data-primary` (or with the class
// `primary`) stay in the bar; on a phone (narrower than PHONE_WIDTH) every other item goes into the
// menu, and on a wider screen only those that do not fit, the last ones first. A new button added to a
// group (hidden or not) takes part without any other change: the layout runs again when the toolbar's
// size or content changes. If even the primary items do not fit, their icons stay and their `.label`
// texts hide (class `tight`). Items marked `data-menu` (settings) always go into the menu.
//
//   installToolbar(document.querySelector(".toolbar"), () => renderAgain());

const PHONE_WIDTH = 640;

/** An item is primary when it says so; primary items never go into the menu. */
function isPrimary(el) {
  return el.hasAttribute("data-primary") || el.classList.contains("primary");
}

export function installToolbar(toolbar, onChange = () => {}) {
  const bar = toolbar.querySelector(".toolbar-items");
  const groups = [...bar.querySelectorAll(":scope > .group")];
  const menuButton = toolbar.querySelector("#menu-button");
  const panel = toolbar.querySelector("#menu-panel");
  let order = 0;
  let busy = false;
  let lastHeight = toolbar.offsetHeight;
  let laidOutWidth = -1;

  /** Every item, in the toolbar's order, each put back into its group. */
  function restore() {
    const items = [];
    groups.forEach((group, g) => {
      for (const el of group.children) {
        if (!el.dataset.tbOrder) el.dataset.tbOrder = String(order++);
        el.dataset.tbGroup = String(g);
        items.push(el);
      }
    });
    for (const el of [...panel.children]) items.push(el);
    items.sort((a, b) => Number(a.dataset.tbOrder) - Number(b.dataset.tbOrder));
    for (const el of items) groups[Number(el.dataset.tbGroup || 0)].append(el);
    return items;
  }

  const overflows = () => bar.scrollWidth > bar.clientWidth + 1;
  const shown = (el) => !el.hidden && getComputedStyle(el).display !== "none";

  function layout() {
    if (busy) return;
    busy = true;
    observer.disconnect();
    try {
      toolbar.classList.remove("tight");
      const items = restore();
      const always = items.filter((el) => el.hasAttribute("data-menu"));
      const movable = items.filter((el) => !isPrimary(el));
      const phone = window.innerWidth < PHONE_WIDTH;
      const toMenu = [];
      if (phone) {
        toMenu.push(...movable);
      } else {
        menuButton.hidden = false; // its room counts while measuring
        for (const el of always) el.remove();
        const candidates = movable.filter((el) => !always.includes(el) && shown(el));
        while (overflows() && candidates.length) {
          const el = candidates.pop();
          toMenu.unshift(el);
          el.remove();
        }
        // hidden items follow their neighbours: into the menu when anything after them went there
        const first = toMenu.length ? Number(toMenu[0].dataset.tbOrder) : Infinity;
        for (const el of movable) {
          if (!always.includes(el) && !shown(el) && Number(el.dataset.tbOrder) > first) toMenu.push(el);
        }
        toMenu.push(...always);
        toMenu.sort((a, b) => Number(a.dataset.tbOrder) - Number(b.dataset.tbOrder));
      }
      panel.replaceChildren(...toMenu);
      menuButton.hidden = !toMenu.some((el) => !el.hidden);
      if (!panel.children.length) closeMenu();
      if (overflows()) toolbar.classList.add("tight");
    } finally {
      observer.observe(toolbar, {
        childList: true, subtree: true, attributes: true, attributeFilter: ["hidden"], attributeOldValue: true,
      });
      busy = false;
    }
    laidOutWidth = toolbar.getBoundingClientRect().width;
    if (toolbar.offsetHeight !== lastHeight) {
      lastHeight = toolbar.offsetHeight;
      onChange();
    }
  }

  function openMenu() {
    panel.hidden = false;
    menuButton.setAttribute("aria-expanded", "true");
  }

  function closeMenu() {
    panel.hidden = true;
    menuButton.setAttribute("aria-expanded", "false");
  }

  menuButton.addEventListener("click", () => (panel.hidden ? openMenu() : closeMenu()));
  // a button in the menu does its job and closes the menu; selects and the deal field stay open
  panel.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (button && button.type !== "submit") closeMenu();
  });
  panel.addEventListener("submit", () => closeMenu());
  panel.addEventListener("change", (event) => {
    if (event.target.tagName === "SELECT") closeMenu();
  });
  document.addEventListener("pointerdown", (event) => {
    if (!panel.hidden && !toolbar.querySelector(".toolbar-menu").contains(event.target)) closeMenu();
  });
  toolbar.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !panel.hidden) {
      event.stopPropagation();
      closeMenu();
      menuButton.focus();
    }
  });

  // items added, removed or shown or hidden: lay out again (not when `hidden` was set as it was:
  // the page sets the Finish button's after every move)
  const changed = (record) =>
    record.type !== "attributes" || (record.oldValue !== null) !== record.target.hasAttribute("hidden");
  const observer = new MutationObserver((records) => {
    if (records.some(changed)) window.requestAnimationFrame(layout);
  });
  // what goes into the menu depends on the toolbar's width: a change of its height alone (this
  // layout's own doing) and the observer's first report, of the width just laid out, change nothing
  new ResizeObserver((entries) => {
    const box = entries[entries.length - 1].borderBoxSize;
    if (!box || !box[0] || box[0].inlineSize !== laidOutWidth) layout();
  }).observe(toolbar);
  window.addEventListener("resize", layout);
  layout();
  return { layout, closeMenu };
}
