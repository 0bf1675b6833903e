export interface LinearFit {
  /** Change of y per unit of x. */
  slope: number
  intercept: number
  /** Standard error of the slope: how far the scatter alone could move it. */
  slopeError: number
}

/** Least-squares line through the points; undefined with fewer than three distinct x. */
export function linearFit(points: readonly { x: number; y: number }[]): LinearFit | undefined {
  const n = points.length
  if (n < 3 || new Set(points.map((point) => point.x)).size < 3) return undefined
  const meanX = points.reduce((sum, point) => sum + point.x, 0) / n
  const meanY = points.reduce((sum, point) => sum + point.y, 0) / n
  let sxx = 0
  let sxy = 0
  for (const { x, y } of points) {
    sxx += (x - meanX) ** 2
    sxy += (x - meanX) * (y - meanY)
  }
  const slope = sxy / sxx
  const intercept = meanY - slope * meanX
  const residuals = points.reduce((sum, { x, y }) => sum + (y - (intercept + slope * x)) ** 2, 0)
  const slopeError = Math.sqrt(residuals / (n - 2) / sxx)
  return { slope, intercept, slopeError }
}
