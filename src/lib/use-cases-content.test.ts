import { describe, expect, it } from 'vitest';
import en from '../../messages/en.json';
import { useCaseFamilies, useCases } from './catalog';
import { featuresOf, useCaseContent } from './use-cases-content';

type Tree = { [key: string]: string | Tree };
const children = (en as unknown as { UseCasePage: { children: Tree } }).UseCasePage.children;

describe('use-case content', () => {
  it('has an entry and its own text for exactly the children the spec lists', () => {
    for (const family of useCaseFamilies) {
      expect(Object.keys(useCaseContent[family].children).sort()).toEqual(
        [...useCases[family]].sort(),
      );
      const texts = children[family] as Tree;
      expect(Object.keys(texts).sort()).toEqual([...useCases[family]].sort());
      for (const child of useCases[family]) {
        const text = texts[child] as Record<string, string>;
        for (const key of ['title', 'description', 'intro', 'tip']) {
          expect(text[key], `${family}/${child}.${key}`).toMatch(/\S{2,}/);
        }
        expect(new Set(featuresOf(family, child)).size).toBe(3);
      }
    }
  });

  it('gives every child its own title and description', () => {
    const all = useCaseFamilies.flatMap((family) =>
      useCases[family].map((child) => (children[family] as Tree)[child] as Record<string, string>),
    );
    expect(new Set(all.map((text) => text.title)).size).toBe(all.length);
    expect(new Set(all.map((text) => text.description)).size).toBe(all.length);
  });
});
