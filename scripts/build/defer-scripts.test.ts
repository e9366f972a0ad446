import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loaderMarker, payloadFolder, payloadPath } from '../../src/server/http/deferred-scripts';
import { deferPrerenderedScripts } from './defer-scripts';

const page =
  '<html><head><script src="/_next/static/chunks/a.js" async=""></script></head><body><p>Lead</p>' +
  '<script>(self.__next_f=self.__next_f||[]).push([0])</script><script>self.__next_f.push([1,"x"])</script></body></html>';

describe('deferPrerenderedScripts', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('changes the pages Next prerendered and the copies it serves from', () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'defer-scripts-'));
    dirs.push(dist);
    const files = [
      path.join(dist, 'server', 'app', 'en', 'features.html'),
      path.join(dist, 'server', 'route-cache', 'APP_PAGE', 'abc', '$', 'en', 'features.html'),
    ];
    for (const file of files) {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, page);
    }
    writeFileSync(path.join(dist, 'server', 'app', 'en', 'features.rsc'), 'payload');
    expect(deferPrerenderedScripts(dist)).toEqual({ pages: 2, changed: 2 });
    const payloads = path.join(dist, 'static', payloadFolder);
    expect(readdirSync(payloads)).toHaveLength(1);
    const [name] = readdirSync(payloads);
    expect(readFileSync(path.join(payloads, name ?? ''), 'utf8')).toBe('[[0],[1,"x"]]');
    for (const file of files) {
      const html = readFileSync(file, 'utf8');
      expect(html).toContain(loaderMarker);
      expect(html).toContain(`data-next-f-src="">"${payloadPath}${name}"`);
      expect(html).not.toContain('data-next-f=""');
    }
    expect(deferPrerenderedScripts(dist)).toEqual({ pages: 2, changed: 0 });
  });
});
