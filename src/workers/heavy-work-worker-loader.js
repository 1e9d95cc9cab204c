'use strict';
// Worker entry while the server runs from TypeScript source (`npm start` through ts-node, jest
// through ts-jest): a worker thread starts with Node's plain loader, which cannot read .ts, so
// this file registers ts-node in the worker before loading the worker module. Built code
// (dist/) starts its workers on the compiled heavy-work-worker.js and never loads this file.
const { join } = require('node:path');

require('ts-node').register({ transpileOnly: true, project: join(__dirname, '..', '..', 'tsconfig.json') });
module.exports = require('./heavy-work-worker.ts');
