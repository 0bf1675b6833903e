/** A tick for a captured payment, an exclamation mark for anything else. */
export function ResultIcon({
  success,
  size = 56,
  className,
}: {
  success: boolean
  size?: number
  className?: string
}) {
  return (
    <svg
      className={className ? `result-icon ${className}` : 'result-icon'}
      data-success={success}
      viewBox="0 0 48 48"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="24" cy="24" r="22" fill="currentColor" opacity="0.14" />
      <circle cx="24" cy="24" r="16" fill="currentColor" />
      {success ? (
        <path
          d="M16.5 24.5l5 5 10-11"
          fill="none"
          stroke="#fff"
          strokeWidth="3.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      ) : (
        <>
          <path d="M24 15.5v11" stroke="#fff" strokeWidth="3.4" strokeLinecap="round" />
          <circle cx="24" cy="32.5" r="2.1" fill="#fff" />
        </>
      )}
    </svg>
  )
}
