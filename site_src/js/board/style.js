// The board's style sheet (css/board.css), linked by a calculator that draws the board, once.
import { el } from "../dom.js";

/** The board's style sheet, for a calculator that draws the board. */
export const BOARD_STYLE = new URL("../../css/board.css", import.meta.url);

/** A style sheet, linked once; resolves when it applies (a board is drawn after). */
export function loadStyle(href) {
  const have = [...document.querySelectorAll("link[rel=stylesheet]")].find((l) => l.href === href.href);
  if (have) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const link = el("link", { rel: "stylesheet", href: href.href });
    link.addEventListener("load", resolve);
    link.addEventListener("error", () => reject(new Error("the board's styles could not be loaded")));
    document.head.append(link);
  });
}
