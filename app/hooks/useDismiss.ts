import { type RefObject, useEffect } from 'react'

/**
 * Closes an open popup on Escape (returning focus to its trigger) and on a pointer press
 * outside the element that holds both the trigger and the popup.
 */
export function useDismiss(
  open: boolean,
  close: () => void,
  containerRef: RefObject<HTMLElement | null>,
  triggerRef?: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    if (!open) return
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return
      close()
      triggerRef?.current?.focus()
    }
    function onPointerDown(event: PointerEvent) {
      const container = containerRef.current
      if (container && !container.contains(event.target as Node)) close()
    }
    document.addEventListener('keydown', onKeyDown)
    document.addEventListener('pointerdown', onPointerDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('pointerdown', onPointerDown)
    }
  }, [open, close, containerRef, triggerRef])
}
