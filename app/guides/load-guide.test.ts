import { describe, expect, it } from 'vitest'
import { guideOfPath, guidesPath } from './load-guide.server.ts'
import { developerDocuments } from './source/documents.ts'

describe('the guide a path names', () => {
  it('is found whatever the case or a trailing slash, with its one canonical path', () => {
    for (const { slug } of developerDocuments) {
      const canonical = `${guidesPath}/${slug}`
      for (const spelling of [
        canonical,
        `${canonical}/`,
        canonical.toUpperCase(),
        `${canonical}//`,
      ]) {
        expect(guideOfPath(spelling), spelling).toEqual({ slug, canonical })
      }
    }
  })

  it('is none for a path that names no guide', () => {
    for (const path of [`${guidesPath}/no-such-guide`, `${guidesPath}/`, guidesPath, '/']) {
      expect(guideOfPath(path), path).toBeUndefined()
    }
  })
})
