import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { zipStream, type ZipEntry } from './zip-stream.ts';

async function collect(chunks: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const c of chunks) parts.push(c);
  return new Uint8Array(Buffer.concat(parts));
}

describe('zipStream', () => {
  it('writes deflated and stored entries that a ZIP reader opens, in order and intact', async () => {
    const binary = new Uint8Array(70_000).map((_, i) => (i * 7919) % 256);
    const zip = unzipSync(
      await collect(
        zipStream([
          { name: 'a.json', compress: true, chunks: ['[', '1,2', ']'] },
          { name: 'empty.txt', compress: true, chunks: [] },
          { name: 'dir/b.bin', compress: false, chunks: [binary.subarray(0, 1000), binary.subarray(1000)] },
          { name: 'ünïcode.txt', compress: false, chunks: ['é'] },
        ]),
      ),
    );
    expect(Object.keys(zip)).toEqual(['a.json', 'empty.txt', 'dir/b.bin', 'ünïcode.txt']);
    expect(strFromU8(zip['a.json']!)).toBe('[1,2]');
    expect(zip['empty.txt']!.length).toBe(0);
    expect(Buffer.from(zip['dir/b.bin']!).equals(Buffer.from(binary))).toBe(true);
    expect(strFromU8(zip['ünïcode.txt']!)).toBe('é');
  });

  it('reads an entry only when the reader has taken what came before', async () => {
    const pulled: string[] = [];
    async function* entries(): AsyncGenerator<ZipEntry> {
      for (const name of ['one', 'two', 'three']) {
        pulled.push(name);
        yield { name, compress: false, chunks: [new Uint8Array(10).fill(1)] };
      }
    }
    const zip = zipStream(entries());
    await zip.next();
    expect(pulled).toEqual(['one']);
    await collect(zip);
    expect(pulled).toEqual(['one', 'two', 'three']);
  });

  it('passes on a failing entry source as an error of the stream', async () => {
    async function* failing(): AsyncGenerator<Uint8Array> {
      yield new Uint8Array([1]);
      throw new Error('disk gone');
    }
    await expect(collect(zipStream([{ name: 'x', compress: false, chunks: failing() }]))).rejects.toThrow(
      'disk gone',
    );
  });
});
