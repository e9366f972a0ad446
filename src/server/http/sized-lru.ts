/**
 * A map that drops its least recently used entries once the sizes of its values pass `maxSize`;
 * a value larger than `maxSize` on its own is not kept. Reading an entry makes it the most recent.
 */
export class SizedLru<V> {
  private readonly entries = new Map<string, V>();
  private total = 0;

  constructor(
    private readonly maxSize: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The sum of the kept values' sizes. */
  get usedSize(): number {
    return this.total;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: V): void {
    const size = this.sizeOf(value);
    if (size > this.maxSize) return;
    const old = this.entries.get(key);
    if (old !== undefined) this.total -= this.sizeOf(old);
    this.entries.delete(key);
    this.entries.set(key, value);
    this.total += size;
    for (const [oldest, entry] of this.entries) {
      if (this.total <= this.maxSize) break;
      this.entries.delete(oldest);
      this.total -= this.sizeOf(entry);
    }
  }
}
