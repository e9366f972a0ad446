export {
  createScratchDatabase,
  type ScratchDatabase,
  withDatabase,
} from './scratch-database.mjs';
export interface Instance {
  name: string;
  port: number;
  pid: number;
  baseUrl: string;
  output(): string;
  exited(): { code: number | null; signal: NodeJS.Signals | null } | null;
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null } | null>;
}

export declare function redact(url: string): string;
export declare function journalEntries(): number;
export declare function productionSettings(parts: {
  databaseUrl: string;
  smtp: { url: string };
  paypal: { url: string; clientId: string; clientSecret: string; webhookId: string };
}): Record<string, string>;
export declare function startInstance(options: {
  name: string;
  port: number;
  env: Record<string, string>;
  timeoutMs?: number;
  echo?: boolean;
}): Promise<Instance>;
export declare function treeRssKib(rootPid: number): number | undefined;
export declare function startTcpBalancer(
  port: number,
  targets: number[],
): Promise<{ url: string; close(): Promise<void> }>;
export declare function freePort(): Promise<number>;
