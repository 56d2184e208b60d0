// The code editor: CodeMirror 6 (vendored, static/vendor/codemirror.js) with line numbers,
// tab indentation, JavaScript highlighting and colours from the page's CSS variables
// (so light and dark follow the page). Tab indents; Escape then Tab leaves the editor.
// The editor lives in a shadow root: there CodeMirror adds its styles as constructed
// stylesheets, not as a <style> element, so the page needs no 'unsafe-inline' styles.

import {
  bracketMatching,
  classHighlighter,
  closeBrackets,
  closeBracketsKeymap,
  defaultKeymap,
  drawSelection,
  EditorState,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  history,
  historyKeymap,
  indentOnInput,
  indentUnit,
  indentWithTab,
  isolateHistory,
  javascript,
  keymap,
  lineNumbers,
  syntaxHighlighting,
} from "../vendor/codemirror.js";

/**
 * Create an editor in `container`. options: label (for screen readers), stylesheet (URL of
 * the CSS for inside the editor), onChange(text).
 * Returns { view, text(), load(text) (a fresh document: nothing to undo), replace(text) (one
 * step that Ctrl+Z takes back) }.
 */
export function createCodeEditor(container, { label, stylesheet, onChange }) {
  let silent = false;
  const shadow = container.attachShadow({ mode: "open" });
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = stylesheet;
  shadow.append(link);
  const extensions = [
    lineNumbers(),
    highlightActiveLineGutter(),
    highlightSpecialChars(),
    history(),
    drawSelection(),
    indentOnInput(),
    bracketMatching(),
    closeBrackets(),
    highlightActiveLine(),
    indentUnit.of("\t"),
    EditorState.tabSize.of(4),
    keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, indentWithTab]),
    javascript(),
    syntaxHighlighting(classHighlighter),
    EditorView.lineWrapping, // long lines wrap: a phone never scrolls the code sideways
    EditorView.contentAttributes.of({ "aria-label": label }),
    EditorView.updateListener.of((update) => {
      if (update.docChanged && !silent) onChange?.(update.state.doc.toString());
    }),
  ];
  const view = new EditorView({ root: shadow, parent: shadow, state: EditorState.create({ doc: "", extensions }) });
  return {
    view,
    text: () => view.state.doc.toString(),
    load(text) {
      view.setState(EditorState.create({ doc: text, extensions }));
    },
    replace(text) {
      silent = true;
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, annotations: isolateHistory.of("full") });
      silent = false;
    },
  };
}
