/** File name the prelude is evaluated under; locations in it are never shown to the model. */
export const PRELUDE_FILE_NAME = 'sandbox-prelude.js';
/** File name the model's script is evaluated under: locations in errors refer to it. */
export const SCRIPT_FILE_NAME = 'transform.js';

/** Longest console.log line kept, in characters. */
export const MAX_LOG_LINE_LENGTH = 500;

/**
 * JavaScript evaluated inside the sandbox before the model's script. It installs a capturing
 * `console`, builds the `ctx` helpers and returns `{ run, takeLogs }`:
 *
 * - `run(transform, documentJson, dataJson, maxResultLength)` parses the document inside the
 *   sandbox (so the script gets its own deep copy), calls `transform(doc, ctx)` and returns one
 *   JSON string `{ kind, logs, droppedLogs, result?, length? }`. `kind` is `value`, or why the
 *   return value cannot be a document (`undefined`, `function`, `promise`, `symbol`, `bigint`), or
 *   `too_large`. The built-ins it uses are captured first, so a script that overwrites
 *   `JSON.stringify` only corrupts its own result, which the host parses and validates anyway.
 * - `takeLogs()` returns the captured lines as JSON, for a script that threw.
 *
 * The helpers are plain JavaScript over plain objects: nothing here reaches the host.
 */
export function transformPrelude(maxLogLines: number): string {
  return `(function () {
  'use strict';
  var stringify = JSON.stringify;
  var parse = JSON.parse;
  var isArray = Array.isArray;
  var random = Math.random;
  var fromCharCode = String.fromCharCode;
  var freeze = Object.freeze;
  var MAX_LOG_LINES = ${Math.floor(maxLogLines)};
  var MAX_LOG_LINE_LENGTH = ${MAX_LOG_LINE_LENGTH};
  var logs = [];
  var droppedLogs = 0;

  function show(value) {
    if (typeof value === 'string') return value;
    try {
      var json = stringify(value);
      return json === undefined ? String(value) : json;
    } catch (error) {
      return String(value);
    }
  }
  function log() {
    if (logs.length >= MAX_LOG_LINES) { droppedLogs++; return; }
    var parts = [];
    for (var i = 0; i < arguments.length; i++) parts.push(show(arguments[i]));
    var line = parts.join(' ');
    logs.push(line.length > MAX_LOG_LINE_LENGTH ? line.slice(0, MAX_LOG_LINE_LENGTH) + '...' : line);
  }
  globalThis.console = freeze({ log: log, info: log, warn: log, error: log, debug: log });

  function isNode(value) {
    return value !== null && typeof value === 'object' && typeof value.type === 'string';
  }
  function text(node) {
    if (!isNode(node)) return '';
    if (node.type === 'text') return typeof node.text === 'string' ? node.text : '';
    if (node.type === 'hardBreak') return '\\n';
    var children = isArray(node.content) ? node.content : [];
    var hasBlocks = children.some(function (child) { return isNode(child) && isArray(child.content); });
    return children.map(text).join(hasBlocks ? '\\n' : '');
  }
  function walk(node, visit) {
    if (typeof visit !== 'function') throw new TypeError('ctx.walk(node, visit): visit must be a function (node, parent, index) => ...');
    (function visitNode(current, parent, index) {
      if (!isNode(current)) return;
      if (visit(current, parent, index) === false) return;
      var children = current.content;
      if (!isArray(children)) return;
      for (var i = 0; i < children.length; i++) visitNode(children[i], current, i);
    })(node, null, -1);
  }
  function find(node, predicate) {
    if (typeof predicate !== 'function') throw new TypeError('ctx.find(node, predicate): predicate must be a function (node, parent, index) => boolean');
    var found = [];
    walk(node, function (current, parent, index) { if (predicate(current, parent, index)) found.push(current); });
    return found;
  }

  var usedIds = Object.create(null);
  function newId() {
    var id;
    do {
      id = '';
      for (var i = 0; i < 12; i++) id += fromCharCode(97 + Math.floor(random() * 26));
    } while (usedIds[id]);
    usedIds[id] = true;
    return id;
  }
  function inlineText(value) {
    var string = value === undefined || value === null ? '' : String(value);
    return string === '' ? undefined : [{ type: 'text', text: string }];
  }
  function paragraph(value) {
    var node = { type: 'paragraph', attrs: { id: newId() } };
    var content = inlineText(value);
    if (content) node.content = content;
    return node;
  }
  function heading(level, value) {
    if (level !== 1 && level !== 2 && level !== 3 && level !== 4 && level !== 5 && level !== 6) {
      throw new RangeError('ctx.heading(level, text): level must be an integer from 1 to 6, got ' + show(level));
    }
    var node = { type: 'heading', attrs: { id: newId(), level: level } };
    var content = inlineText(value);
    if (content) node.content = content;
    return node;
  }

  function resultKind(value) {
    if (value === undefined) return 'undefined';
    if (typeof value === 'function') return 'function';
    if (typeof value === 'symbol') return 'symbol';
    if (typeof value === 'bigint') return 'bigint';
    if (value !== null && typeof value === 'object' && typeof value.then === 'function') return 'promise';
    return 'value';
  }
  function envelope(kind, extra) {
    return '{"kind":' + stringify(kind) + ',"logs":' + stringify(logs) + ',"droppedLogs":' + droppedLogs + (extra || '') + '}';
  }

  function run(transform, documentJson, dataJson, maxResultLength) {
    var doc = parse(documentJson);
    var data = parse(dataJson);
    walk(doc, function (node) {
      if (node.attrs && typeof node.attrs.id === 'string') usedIds[node.attrs.id] = true;
    });
    var ctx = freeze({
      pageId: data.pageId,
      title: data.title,
      text: text,
      walk: walk,
      find: find,
      newId: newId,
      paragraph: paragraph,
      heading: heading,
    });
    var result = transform(doc, ctx);
    var kind = resultKind(result);
    if (kind !== 'value') return envelope(kind);
    var json;
    try {
      json = stringify(result);
    } catch (error) {
      throw new TypeError('the returned value cannot be converted to JSON: ' + (error && error.message));
    }
    if (json.length > maxResultLength) return envelope('too_large', ',"length":' + json.length);
    return envelope('value', ',"result":' + json);
  }
  function takeLogs() {
    return stringify({ logs: logs, droppedLogs: droppedLogs });
  }
  return { run: run, takeLogs: takeLogs };
})()`;
}
