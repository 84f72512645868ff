// Node's BroadcastChannel reaches every worker thread of the process, so with Vitest's thread pool
// one test file's broadcasts (consent, the key-value store) would arrive in the files running beside
// it. Each test file gets channels that reach only its own thread, as the tabs of one browser reach
// each other. Messages still arrive as tasks through a MessagePort, which fake timers do not hold.
class ThreadLocalBroadcastChannel extends EventTarget {
  private static readonly open = new Map<string, Set<ThreadLocalBroadcastChannel>>();
  onmessage: ((event: MessageEvent) => void) | null = null;
  private readonly inbox = new MessageChannel();

  constructor(readonly name: string) {
    super();
    const peers = ThreadLocalBroadcastChannel.open.get(name) ?? new Set();
    peers.add(this);
    ThreadLocalBroadcastChannel.open.set(name, peers);
    this.inbox.port2.onmessage = ({ data }) => {
      const event = new MessageEvent('message', { data });
      this.onmessage?.(event);
      this.dispatchEvent(event);
    };
    // An open channel must not keep a finished test file's thread alive.
    (this.inbox.port2 as unknown as { unref?: () => void }).unref?.();
  }

  postMessage(message: unknown): void {
    for (const peer of ThreadLocalBroadcastChannel.open.get(this.name) ?? []) {
      if (peer !== this) peer.inbox.port1.postMessage(message);
    }
  }

  close(): void {
    ThreadLocalBroadcastChannel.open.get(this.name)?.delete(this);
    this.inbox.port1.close();
    this.inbox.port2.close();
  }
}

globalThis.BroadcastChannel = ThreadLocalBroadcastChannel as unknown as typeof BroadcastChannel;
