'use strict';
// The package's worker (from TypeScript source, through its loader) after a 3 s pause at load:
// a worker that starts as slowly as a replacement worker can on a loaded machine.
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 3_000);
module.exports = require('../heavy-work-worker-loader.js');
