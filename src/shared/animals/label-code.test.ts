import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { animalIdOfLabelCode, animalIdOfLabelLink, labelCode, labelPath } from './label-code';

describe('label codes', () => {
  it('writes an id in 22 characters and reads it back, for any id', () => {
    for (let i = 0; i < 200; i++) {
      const id = randomUUID();
      const code = labelCode(id);
      expect(code).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(animalIdOfLabelCode(code)).toBe(id);
    }
    // the same as Node's own base64url of the 16 bytes
    for (const id of [
      '00000000-0000-4000-8000-000000000000',
      'ffffffff-ffff-4fff-bfff-ffffffffffff',
      randomUUID(),
    ])
      expect(labelCode(id)).toBe(Buffer.from(id.replaceAll('-', ''), 'hex').toString('base64url'));
  });

  it('gives each id one code: trailing bits must be zero, and other lengths or letters are refused', () => {
    const id = randomUUID();
    const code = labelCode(id);
    const last = code.at(-1)!;
    const other = last === 'B' ? 'C' : 'B'; // both set a low bit that 22 characters do not carry
    expect(animalIdOfLabelCode(code.slice(0, -1) + other)).toBeNull();
    expect(animalIdOfLabelCode(code.slice(1))).toBeNull();
    expect(animalIdOfLabelCode(`${code}A`)).toBeNull();
    expect(animalIdOfLabelCode(code.replace(/.$/, '='))).toBeNull();
  });

  it('finds the animal in a scanned link from any address, or in the bare path', () => {
    const id = randomUUID();
    expect(labelPath(id)).toBe(`/a/${labelCode(id)}`);
    expect(animalIdOfLabelLink(`https://paddock.example${labelPath(id)}`)).toBe(id);
    expect(animalIdOfLabelLink(`http://localhost:3000${labelPath(id)}/`)).toBe(id);
    expect(animalIdOfLabelLink(`  ${labelPath(id)} `)).toBe(id);
    expect(animalIdOfLabelLink('G-103')).toBeNull();
    expect(animalIdOfLabelLink('https://paddock.example/a/short')).toBeNull();
    expect(animalIdOfLabelLink(`https://paddock.example/b/${labelCode(id)}`)).toBeNull();
  });
});
