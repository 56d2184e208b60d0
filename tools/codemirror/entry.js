// The one entry point of the vendored editor bundle (static/vendor/codemirror.js).
// Only what the code chapter uses is exported; `npm run build` rebuilds the bundle.
export { EditorState, Compartment } from "@codemirror/state";
export {
  EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter,
  drawSelection, highlightSpecialChars,
} from "@codemirror/view";
export { defaultKeymap, history, historyKeymap, indentWithTab, isolateHistory } from "@codemirror/commands";
export {
  syntaxHighlighting, indentOnInput, bracketMatching, indentUnit,
} from "@codemirror/language";
export { closeBrackets, closeBracketsKeymap } from "@codemirror/autocomplete";
export { classHighlighter } from "@lezer/highlight";
export { javascript } from "@codemirror/lang-javascript";
