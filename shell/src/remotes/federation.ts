import { loadRemote, loadShare, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_NAMES, type RemoteName } from '@ummahnotify/core';
import { type AppConfig, remoteContainerName, type SectionDef, sectionModuleId } from '@ummahnotify/domain';
import type { ComponentType } from 'react';

/** Tells the Module Federation runtime where each remote's mf-manifest.json is (from /app-config.json). */
export function registerSectionRemotes(remotes: AppConfig['remotes']): void {
  registerRemotes(REMOTE_NAMES.map((name) => ({ name: remoteContainerName(name), entry: remotes[name] })));
}

/**
 * Registers one remote again with `force`, which drops the runtime's cached manifest, entry script
 * and container, so the next load really fetches again (Retry after an outage or a redeploy).
 */
export function reregisterRemote(name: RemoteName, entry: string): void {
  registerRemotes([{ name: remoteContainerName(name), entry }], { force: true });
}

/**
 * antd and the icons are shared as the shell's federation kit (rspack.federation-kit.ts), which the shell's own
 * pages never load whole. Loading the shell's kit before the first remote starts makes it the loaded singleton,
 * so every remote gets it (one antd context) instead of a copy of its own build's kit.
 */
let shellKit: Promise<unknown> | undefined;
function loadShellKit(): Promise<unknown> {
  shellKit ??= Promise.all(
    ['antd', '@ant-design/icons'].map(async (name) => {
      const factory = await loadShare(name);
      if (!factory) throw new Error(`The shell does not provide ${name}.`);
      return factory();
    }),
  );
  return shellKit;
}

async function loadFromRemote<T>(id: string): Promise<T | null> {
  await loadShellKit();
  return loadRemote<T>(id);
}

export async function loadSectionModule(section: SectionDef): Promise<{ default: ComponentType }> {
  const id = sectionModuleId(section);
  const module = await loadFromRemote<{ default?: ComponentType }>(id);
  if (!module?.default) throw new Error(`${id} did not export a component.`);
  return { default: module.default };
}

/** The build label a remote was compiled with, or null when it cannot be read (it never blocks the section). */
export async function loadBuildLabel(section: SectionDef): Promise<string | null> {
  try {
    const module = await loadFromRemote<{ buildLabel?: string }>(`${remoteContainerName(section.remote)}/BuildInfo`);
    return module?.buildLabel ?? null;
  } catch {
    return null;
  }
}
