/**
 * Stand-ins for browser APIs jsdom lacks (matchMedia, IntersectionObserver), for the
 * component tests of this folder. Not imported by the app.
 */
import { vi } from 'vitest'

/** Installs window.matchMedia answering from `matches`; returns a way to change answers. */
export function mockMatchMedia(matches: Record<string, boolean>) {
  const listeners = new Map<string, Set<() => void>>()
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return matches[query] ?? false
    },
    media: query,
    addEventListener: (_type: 'change', listener: () => void) => {
      if (!listeners.has(query)) listeners.set(query, new Set())
      listeners.get(query)!.add(listener)
    },
    removeEventListener: (_type: 'change', listener: () => void) => {
      listeners.get(query)?.delete(listener)
    },
  }))
  return (query: string, value: boolean) => {
    matches[query] = value
    for (const listener of listeners.get(query) ?? []) listener()
  }
}

export interface FakeObserver {
  callback: IntersectionObserverCallback
  targets: Element[]
  options?: IntersectionObserverInit
  disconnected: boolean
}

/** Installs an IntersectionObserver whose instances the test drives with `intersect`. */
export function mockIntersectionObserver() {
  const observers: FakeObserver[] = []
  class FakeIntersectionObserver {
    private record: FakeObserver
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.record = { callback, targets: [], options, disconnected: false }
      observers.push(this.record)
    }
    observe(target: Element) {
      this.record.targets.push(target)
    }
    unobserve() {}
    disconnect() {
      this.record.disconnected = true
    }
    takeRecords() {
      return []
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver)

  /** Reports `target` entering (or leaving) the viewport to every live observer watching it. */
  function intersect(target: Element, isIntersecting = true) {
    for (const observer of observers) {
      if (observer.disconnected || !observer.targets.includes(target)) continue
      const entry = { target, isIntersecting } as IntersectionObserverEntry
      observer.callback([entry], observer as unknown as IntersectionObserver)
    }
  }
  return { observers, intersect }
}
