// A stand-in for the browser's WebSocket in screen tests: each socket the app opens is kept in `FakeSocket.all`, and
// the test opens, closes and speaks for the server. installFakeSockets() puts it in place around every test of a file.
import { act } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { WsServerEvent } from '#domain/schemas/message-api.schema';

export class FakeSocket {
  static all: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  close() {
    this.onclose?.();
  }
  open() {
    act(() => this.onopen?.());
  }
  emit(event: WsServerEvent) {
    act(() => this.onmessage?.({ data: JSON.stringify(event) }));
  }
}

export function installFakeSockets(): void {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => vi.unstubAllGlobals());
}
