/**
 * Where a tool's outcome goes. The verdict is a status region that exists from the start, so
 * screen readers announce it when the module writes it; the details under it are read on demand.
 */
export function ToolResult() {
  return (
    <div className="signature-result">
      <p className="signature-result__verdict" role="status" />
      <div className="signature-result__details" />
    </div>
  )
}
