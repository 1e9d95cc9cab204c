/** Keyset paging of the list tools: the cursor a list hands the model, and reads back. */
export {
  decodeKeysetCursor,
  keysetBatch,
  type KeysetPosition,
} from './keyset-cursor';
