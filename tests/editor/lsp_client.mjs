// Minimal LSP client over stdio for tests: Content-Length framing, requests, notifications.
import { spawn } from 'node:child_process';
export class LspClient {
  constructor(cmd, args, settings) {
    this.proc = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'inherit'] });
    this.buf = Buffer.alloc(0); this.next = 1; this.pending = new Map(); this.listeners = [];
    this.settings = settings;
    this.proc.stdout.on('data', (d) => { this.buf = Buffer.concat([this.buf, d]); this.drain(); });
  }
  drain() {
    for (;;) {
      const end = this.buf.indexOf('\r\n\r\n'); if (end < 0) return;
      const m = /Content-Length: (\d+)/i.exec(this.buf.slice(0, end).toString()); const len = +m[1];
      if (this.buf.length < end + 4 + len) return;
      const msg = JSON.parse(this.buf.slice(end + 4, end + 4 + len).toString());
      this.buf = this.buf.slice(end + 4 + len);
      this.dispatch(msg);
    }
  }
  dispatch(msg) {
    if (msg.id !== undefined && (msg.result !== undefined || msg.error !== undefined) && this.pending.has(msg.id)) {
      const { resolve, reject } = this.pending.get(msg.id); this.pending.delete(msg.id);
      msg.error ? reject(new Error(JSON.stringify(msg.error))) : resolve(msg.result); return;
    }
    if (msg.method === 'workspace/configuration') { this.send({ jsonrpc: '2.0', id: msg.id, result: msg.params.items.map((i) => this.settings[i.section] ?? null) }); return; }
    if (msg.id !== undefined && msg.method) { this.send({ jsonrpc: '2.0', id: msg.id, result: null }); return; }
    for (const l of this.listeners) l(msg);
  }
  send(obj) { const s = JSON.stringify(obj); this.proc.stdin.write(`Content-Length: ${Buffer.byteLength(s)}\r\n\r\n${s}`); }
  request(method, params) { const id = this.next++; this.send({ jsonrpc: '2.0', id, method, params }); return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject })); }
  notify(method, params) { this.send({ jsonrpc: '2.0', method, params }); }
  waitFor(pred, ms = 20000) {
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error('timeout')), ms);
      const l = (msg) => { if (pred(msg)) { clearTimeout(t); this.listeners = this.listeners.filter((x) => x !== l); resolve(msg); } };
      this.listeners.push(l);
    });
  }
}
