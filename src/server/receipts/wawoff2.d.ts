// wawoff2 (Google's WOFF2 decoder compiled to WebAssembly) ships no types.
declare module 'wawoff2' {
  /** The TrueType/OpenType bytes of a WOFF2 file. */
  export function decompress(woff2: Uint8Array): Promise<Uint8Array>;
  export function compress(font: Uint8Array): Promise<Uint8Array>;
  const wawoff2: { decompress: typeof decompress; compress: typeof compress };
  export default wawoff2;
}
