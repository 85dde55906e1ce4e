//! The two statistics the verdict rests on: percentiles and least-squares
//! slopes.

/// The `p`-th percentile (0 < p <= 100) of `values` by the nearest-rank
/// method: the smallest value such that at least `p` percent of the values
/// are at or below it. `None` for no values. The input need not be sorted.
///
/// Nearest rank, not interpolation, because every figure it reports is one
/// that was measured (a p99 pause is a pause that happened).
pub fn percentile(values: &[u64], p: f64) -> Option<u64> {
    if values.is_empty() {
        return None;
    }
    let mut sorted = values.to_vec();
    sorted.sort_unstable();
    Some(percentile_sorted(&sorted, p))
}

/// [`percentile`] of values already sorted ascending (at least one).
pub fn percentile_sorted(sorted: &[u64], p: f64) -> u64 {
    let n = sorted.len();
    let rank = (p / 100.0 * n as f64).ceil() as usize;
    sorted[rank.clamp(1, n) - 1]
}

/// A fitted line `y = intercept + slope * x`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Line {
    pub slope: f64,
    pub intercept: f64,
}

impl Line {
    pub fn at(&self, x: f64) -> f64 {
        self.intercept + self.slope * x
    }
}

/// The ordinary least-squares line through `points` (x, y). `None` with
/// fewer than two points or when every x is the same (no slope is defined).
pub fn least_squares(points: &[(f64, f64)]) -> Option<Line> {
    if points.len() < 2 {
        return None;
    }
    let n = points.len() as f64;
    let mean_x = points.iter().map(|p| p.0).sum::<f64>() / n;
    let mean_y = points.iter().map(|p| p.1).sum::<f64>() / n;
    // Centred sums: exact for the large x (cumulative requests) and y (bytes)
    // a soak produces, where the textbook n*Sxy - Sx*Sy cancels badly.
    let (mut sxx, mut sxy) = (0.0, 0.0);
    for &(x, y) in points {
        sxx += (x - mean_x) * (x - mean_x);
        sxy += (x - mean_x) * (y - mean_y);
    }
    if sxx == 0.0 {
        return None;
    }
    let slope = sxy / sxx;
    Some(Line { slope, intercept: mean_y - slope * mean_x })
}

/// The slope alone of [`least_squares`].
pub fn slope(points: &[(f64, f64)]) -> Option<f64> {
    least_squares(points).map(|l| l.slope)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    #[test]
    fn percentile_nearest_rank() {
        let v: Vec<u64> = (1..=100).collect();
        assert_eq!(percentile(&v, 50.0), Some(50));
        assert_eq!(percentile(&v, 99.0), Some(99));
        assert_eq!(percentile(&v, 100.0), Some(100));
        assert_eq!(percentile(&v, 1.0), Some(1));
        // Unsorted input, and small sets where p99 is the maximum.
        assert_eq!(percentile(&[30, 10, 20], 50.0), Some(20));
        assert_eq!(percentile(&[30, 10, 20], 99.0), Some(30));
        assert_eq!(percentile(&[7], 50.0), Some(7));
        assert_eq!(percentile(&[7], 99.0), Some(7));
        // Four values: the median is the second (rank ceil(2.0) = 2).
        assert_eq!(percentile(&[4, 1, 3, 2], 50.0), Some(2));
        // 21 latencies, one slow: p99 sees it, p50 does not.
        let mut lat = vec![1000u64; 20];
        lat.push(250_000);
        assert_eq!(percentile(&lat, 50.0), Some(1000));
        assert_eq!(percentile(&lat, 99.0), Some(250_000));
    }

    #[test]
    fn percentile_of_nothing() {
        assert_eq!(percentile(&[], 50.0), None);
    }

    #[test]
    fn slope_of_exact_lines() {
        let pts: Vec<(f64, f64)> = (0..10).map(|i| (i as f64, 3.0 * i as f64 + 5.0)).collect();
        let l = least_squares(&pts).unwrap();
        assert!(close(l.slope, 3.0, 1e-12), "{l:?}");
        assert!(close(l.intercept, 5.0, 1e-9), "{l:?}");
        // Flat, decreasing, and two points.
        assert_eq!(slope(&[(1.0, 7.0), (2.0, 7.0), (3.0, 7.0)]), Some(0.0));
        assert!(close(slope(&[(0.0, 10.0), (5.0, 0.0)]).unwrap(), -2.0, 1e-12));
        // Soak-sized numbers: x is cumulative requests, y is RSS in bytes,
        // growing 150 KB per request (seed 004's leak).
        let pts: Vec<(f64, f64)> = (21..=300).map(|pass| ((pass * 21) as f64, 160e6 + 150_000.0 * (pass * 21) as f64)).collect();
        assert!(close(slope(&pts).unwrap(), 150_000.0, 1e-6));
    }

    #[test]
    fn slope_of_noisy_lines() {
        // A deterministic pseudo-random noise of +-2 MB around a flat RSS:
        // the slope stays far below the default 1024 bytes/request bound.
        let mut seed = 12345u64;
        let mut noise = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((seed >> 33) as f64 / (1u64 << 31) as f64 - 0.5) * 4e6
        };
        let flat: Vec<(f64, f64)> = (1..=280).map(|i| ((i * 21) as f64, 200e6 + noise())).collect();
        assert!(slope(&flat).unwrap().abs() < 100.0, "{:?}", slope(&flat));
        // The same noise over a 2 KB/request trend: recovered within 5%.
        let trend: Vec<(f64, f64)> = (1..=280).map(|i| ((i * 21) as f64, 200e6 + 2048.0 * (i * 21) as f64 + noise())).collect();
        let s = slope(&trend).unwrap();
        assert!(close(s, 2048.0, 2048.0 * 0.05), "{s}");
        // A small hand-checked case: Sxy = 3, Sxx = 5.
        let sym = [(0.0, 1.0), (1.0, 0.0), (2.0, 3.0), (3.0, 2.0)];
        assert!(close(slope(&sym).unwrap(), 0.6, 1e-12));
    }

    #[test]
    fn slope_needs_two_distinct_xs() {
        assert_eq!(slope(&[]), None);
        assert_eq!(slope(&[(1.0, 2.0)]), None);
        assert_eq!(slope(&[(4.0, 2.0), (4.0, 9.0)]), None);
    }
}
