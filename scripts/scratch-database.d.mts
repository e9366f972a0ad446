// Types of scripts/scratch-database.mjs.
export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

export declare function withDatabase(url: string, database: string): string;
export declare function createScratchDatabase(
  adminUrl: string,
  prefix: string,
): Promise<ScratchDatabase>;
