// The Share dialog of every chapter: the link to exactly the current view (on the machine's
// LAN address when the teacher browses on localhost), its QR code from the server, the
// "answers hidden" option, and export of any board as SVG or PNG. It reads the page only
// through the URL and the board contract (data-board), so it works on every chapter
// without knowing its module.

import { announce } from "./announce.js";
import { boardSvg, download, readBoard, svgToPng } from "./board-export.js";

const HIDE = "hide";
// The predict-then-reveal fields every chapter shares (kit.js): a link with answers hidden
// leaves out the teacher's marks and the revealed flag.
const ANSWER_FIELDS = ["pred", "rev"];
const API_ROOT = document.body.dataset.apiRoot || "/api";

export const isLoopback = (host) =>
  host === "localhost" || host.endsWith(".localhost") || /^127\./.test(host) || host === "[::1]";

/** Said where a link or a join address is given on a server that only this computer reaches. */
export const UNREACHABLE =
  "This server only listens on this computer, so students cannot open the link. Start it with make serve to reach the classroom network.";

/** Return the link to share: the current URL, on `lanHost` if browsing on loopback, answers hidden or not. */
export function shareLink(href, { hidden, lanHost }) {
  const url = new URL(href);
  if (lanHost && isLoopback(url.hostname)) url.hostname = lanHost;
  if (hidden) {
    url.searchParams.set(HIDE, "1");
    for (const field of ANSWER_FIELDS) url.searchParams.delete(field);
  } else {
    url.searchParams.delete(HIDE);
  }
  url.hash = "";
  return url.href;
}

// --- Answers hidden: ?hide=1 opens the chapter in exercise mode. The chapter's own state
// holds the flag (chapter.js): it keeps it through every URL rewrite and takes the answers
// out of the page until the student reveals them. The dialog only starts from it.
/** Whether a chapter's URL opens it in exercise mode. */
export const answersHiddenIn = (href) => new URL(href).searchParams.get(HIDE) === "1";

const dialog = document.querySelector("[data-share-dialog]");
if (dialog) setUp(dialog);

function setUp(dialog) {
  const lanHosts = JSON.parse(dialog.dataset.lanHosts || "[]");
  const open = document.querySelector("[data-share-open]");
  const linkInput = dialog.querySelector("[data-share-link]");
  const hide = dialog.querySelector("[data-share-hide]");
  const qr = dialog.querySelector("[data-share-qr]");
  const note = dialog.querySelector("[data-share-note]");
  const status = dialog.querySelector("[data-share-status]");
  const hostField = dialog.querySelector("[data-share-host-field]");
  const hostSelect = dialog.querySelector("[data-share-host]");
  const boardSelect = dialog.querySelector("[data-share-board]");
  const exportStatus = dialog.querySelector("[data-export-status]");
  hide.checked = answersHiddenIn(window.location.href);

  const onLoopback = isLoopback(window.location.hostname);
  if (onLoopback && lanHosts.length > 1) {
    hostField.hidden = false;
    hostSelect.replaceChildren(...lanHosts.map((host) => new Option(host, host)));
  }
  if (onLoopback) {
    note.hidden = false;
    note.textContent = lanHosts.length
      ? "You are browsing on this computer: the link uses its network address, so students can open it."
      : UNREACHABLE;
  }

  function update() {
    const link = shareLink(window.location.href, {
      hidden: hide.checked,
      lanHost: onLoopback ? hostSelect.value || lanHosts[0] : null,
    });
    linkInput.value = link;
    qr.src = `${API_ROOT}/qr?text=${encodeURIComponent(link)}`;
    qr.alt = `QR code of the link ${link}`;
    dialog.dataset.link = link;
    announce(status, "");
  }

  function listBoards() {
    const boards = [...document.querySelectorAll("#chapter [data-board]")];
    boardSelect.replaceChildren(
      ...boards.map((grid, i) => {
        const caption = grid.closest("figure")?.querySelector("figcaption")?.textContent || grid.dataset.board;
        return new Option(caption, String(i));
      }),
    );
    dialog.querySelector("[data-export-field]").hidden = boards.length === 0;
    return boards;
  }

  let boards = [];
  open.addEventListener("click", () => {
    update();
    boards = listBoards();
    dialog.showModal();
    linkInput.select();
  });
  hide.addEventListener("change", update);
  hostSelect.addEventListener("change", update);
  dialog.querySelector("[data-share-close]").addEventListener("click", () => dialog.close());
  dialog.querySelector("[data-share-copy]").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(linkInput.value);
      announce(status, "Link copied.", { again: true }); // a second copy is heard too
    } catch {
      linkInput.select();
      announce(status, "Press Ctrl+C (or Cmd+C) to copy the selected link.", { again: true });
    }
  });
  dialog.querySelector("[data-export-buttons]").addEventListener("click", async (event) => {
    const format = event.target.dataset?.export;
    const grid = boards[Number(boardSelect.value)];
    if (!format || !grid) return;
    const board = readBoard(grid);
    const svg = boardSvg(board);
    const chapter = document.getElementById("chapter")?.dataset.chapter || "chessviz";
    const name = `${chapter}-${board.role}`;
    try {
      if (format === "svg") download(new Blob([svg], { type: "image/svg+xml" }), `${name}.svg`);
      else download(await svgToPng(svg), `${name}.png`);
      announce(exportStatus, `Saved ${name}.${format}.`, { again: true });
    } catch (error) {
      announce(exportStatus, `The export failed: ${error.message}`, { again: true });
    }
  });
}
