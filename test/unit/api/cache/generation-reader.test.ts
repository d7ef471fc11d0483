import { once } from 'node:events';
import { createServer, connect, type AddressInfo } from 'node:net';
import { expect } from 'chai';
import type { Redis } from '@trendscope/core';
import { GenerationReader } from '../../../../services/api/src/cache/generation-reader';

/** A Redis whose GET answers the current value after a turn, and counts its calls. */
function fakeRedis(): { redis: Redis; gets: number; value: string | null } {
  const state = { gets: 0, value: 'g1' as string | null, redis: undefined as unknown as Redis };
  state.redis = {
    get: async () => {
      state.gets += 1;
      const value = state.value;
      await new Promise((r) => setImmediate(r));
      return value;
    },
  } as unknown as Redis;
  return state;
}

describe('GenerationReader', () => {
  it('serves every request of one event-loop turn with one GET', async () => {
    const fake = fakeRedis();
    const reader = new GenerationReader(fake.redis, 'p');
    const read = await Promise.all(Array.from({ length: 20 }, () => reader.read()));
    expect(read).to.deep.equal(Array(20).fill('g1'));
    expect(fake.gets).to.equal(1);
  });

  it('sends a new GET for a request that arrives after the read was sent, so it sees a newer write', async () => {
    const fake = fakeRedis();
    const reader = new GenerationReader(fake.redis, 'p');
    const first = reader.read();
    await new Promise((r) => setImmediate(r));
    fake.value = 'g2';
    const second = reader.read();
    expect(await first).to.equal('g1');
    expect(await second).to.equal('g2');
    expect(fake.gets).to.equal(2);
  });

  it('answers null when Redis fails', async () => {
    const reader = new GenerationReader({ get: () => Promise.reject(new Error('down')) } as unknown as Redis, 'p');
    expect(await reader.read()).to.equal(null);
  });

  it('takes a reply that arrived in time even when the event loop stalled past the timeout', async () => {
    // A real socket: the server writes the reply and then stalls the loop for 400 ms, so when the
    // loop comes back the reply waits in the kernel and the 250 ms timer is due before it is read.
    const server = createServer((socket) =>
      socket.on('data', () => {
        socket.write('g1');
        const until = Date.now() + 400;
        while (Date.now() < until);
      }),
    );
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const client = connect((server.address() as AddressInfo).port, '127.0.0.1');
    await once(client, 'connect');
    const redis = {
      get: () =>
        new Promise<string>((resolve) => {
          client.once('data', (d: Buffer) => resolve(d.toString()));
          client.write('GET');
        }),
    } as unknown as Redis;
    try {
      expect(await new GenerationReader(redis, 'p').read()).to.equal('g1');
    } finally {
      client.destroy();
      server.close();
    }
  });
});
