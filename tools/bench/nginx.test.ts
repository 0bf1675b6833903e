import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { findNginx, nginxInstallHint } from './nginx.ts'

describe('findNginx', () => {
  it('finds an executable nginx on the search path before the sbin folders', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'paystra-bench-path-'))
    try {
      await writeFile(path.join(dir, 'nginx'), '#!/bin/sh\n')
      expect(findNginx(dir)).not.toBe(path.join(dir, 'nginx'))
      await chmod(path.join(dir, 'nginx'), 0o755)
      expect(findNginx(dir)).toBe(path.join(dir, 'nginx'))
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('tells how to install nginx or do without it', () => {
    expect(nginxInstallHint).toContain('apt-get install -y nginx')
    expect(nginxInstallHint).toContain('--skip-nginx')
  })
})
