import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';
import { freePort } from '../support/server';

export const DOVECOT = '/usr/sbin/dovecot';

/** A private Dovecot (Debian's dovecot-imapd) on 127.0.0.1: one mailbox user, its INBOX in a temp dir. */
export interface ImapPeer {
  /** imap://user:password@127.0.0.1:port/INBOX, as BOUNCE_IMAP_URL takes it */
  url: string;
  /** Puts a raw message into INBOX (IMAP APPEND), unseen, as a relay delivering a report would. */
  drop(raw: string | Buffer): Promise<void>;
  /** What INBOX holds now: every message's \Seen flag and Message-ID (not counting expunged ones). */
  inbox(): Promise<{ seen: boolean; messageId: string | undefined }[]>;
  close(): Promise<void>;
}

const USER = 'bounces';
const PASSWORD = 'bounce-mailbox-test-password';

/**
 * Starts `dovecot -c <conf> -F` (foreground) with a configuration written here: IMAP only on a free port
 * of 127.0.0.1, no TLS, plain login against a passwd-file (https://doc.dovecot.org/2.3/configuration_manual/authentication/passwd_file/),
 * Maildir under the temp dir (https://doc.dovecot.org/2.3/configuration_manual/mail_location/Maildir/), a
 * static userdb (no system users). Dovecot refuses to run its login processes or mail as root: as root,
 * they run as the package's dovenull and dovecot users, which then own the mail directory.
 * Without Dovecot this throws (the tests that need it fail, they do not skip).
 */
export async function startImapPeer(): Promise<ImapPeer> {
  if (!existsSync(DOVECOT)) {
    throw new Error(
      `the IMAP test peer needs Dovecot (${DOVECOT}): apt-get install -y dovecot-imapd (README "Test it", .ci/run)`,
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'un-dovecot-'));
  chmodSync(dir, 0o755);
  const mail = join(dir, 'mail');
  mkdirSync(mail);
  const root = process.getuid?.() === 0;
  const me = userInfo().username;
  const mailUser = root ? 'dovecot' : me;
  const uid = root ? Number(execFileSync('id', ['-u', mailUser]).toString().trim()) : (process.getuid?.() ?? 0);
  const gid = root ? Number(execFileSync('id', ['-g', mailUser]).toString().trim()) : (process.getgid?.() ?? 0);
  if (root) chownSync(mail, uid, gid);
  writeFileSync(join(dir, 'passwd'), `${USER}:{PLAIN}${PASSWORD}\n`);
  const port = await freePort();
  const conf = join(dir, 'dovecot.conf');
  writeFileSync(
    conf,
    `base_dir = ${join(dir, 'run')}
state_dir = ${join(dir, 'state')}
instance_name = un-test-${port}
log_path = ${join(dir, 'dovecot.log')}
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
mail_location = maildir:${mail}/%u
first_valid_uid = ${Math.min(uid, 500)}
default_internal_user = ${root ? 'dovecot' : me}
default_internal_group = ${root ? 'dovecot' : me}
default_login_user = ${root ? 'dovenull' : me}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${join(dir, 'passwd')}
}
userdb {
  driver = static
  args = uid=${uid} gid=${gid} home=${mail}/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
`,
  );
  const child = spawn(DOVECOT, ['-c', conf, '-F'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const log = () => {
    const path = join(dir, 'dovecot.log');
    return `${stderr}${existsSync(path) ? readFileSync(path, 'utf8') : ''}`.trim();
  };
  try {
    await greeting(port, child, log);
  } catch (error) {
    child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const url = `imap://${USER}:${PASSWORD}@127.0.0.1:${port}/INBOX`;

  async function session<T>(work: (client: ImapFlow) => Promise<T>): Promise<T> {
    const client = new ImapFlow({
      host: '127.0.0.1',
      port,
      secure: false,
      auth: { user: USER, pass: PASSWORD },
      logger: false,
    });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.logout();
    }
  }

  return {
    url,
    drop: async (raw) => {
      await session((client) => client.append('INBOX', raw, []));
    },
    inbox: () =>
      session(async (client) => {
        const lock = await client.getMailboxLock('INBOX');
        try {
          const all = await client.fetchAll('1:*', { flags: true, envelope: true });
          return all.map((m) => ({ seen: m.flags?.has('\\Seen') ?? false, messageId: m.envelope?.messageId }));
        } catch {
          return []; // an empty mailbox has no 1:*
        } finally {
          lock.release();
        }
      }),
    close: async () => {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Resolves once Dovecot answers "* OK" on the port; rejects with its log if it exits or does not within 20 s. */
async function greeting(port: number, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Dovecot exited (${child.exitCode}): ${log()}`);
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('* OK'));
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`Dovecot did not answer on 127.0.0.1:${port} within 20 s: ${log()}`);
}
