#!/usr/bin/env node
// A project's own CommonJS file (.cjs), its top-level `this`, `arguments` and `return`.
exports.topThis = this === exports;
exports.args = arguments.length;
exports.kinds = [typeof require, typeof module, typeof exports, typeof __filename, typeof __dirname].join(" ");
exports.mainIsUndefined = require.main === undefined;
if (exports.args === 5) return;
exports.neverSet = true;
