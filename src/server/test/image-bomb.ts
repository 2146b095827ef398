// A decompression bomb for the upload tests: a PNG whose header claims `side` x `side` pixels (20,000 by default:
// small on disk, 1.2 GB once decoded), which an upload must refuse before decoding it.
import { crc32, deflateSync } from 'node:zlib';

export function pngBomb(side = 20_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc((3 * side + 1) * 10))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
