//! Percentiles and the summary lines the bench prints.

use std::time::Duration;

/// The nearest-rank percentile `p` (0–100) of `sorted` (ascending); zero when empty.
pub fn percentile(sorted: &[u64], p: f64) -> u64 {
    if sorted.is_empty() {
        return 0;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// Nanoseconds as milliseconds with two decimals.
pub fn ms(nanos: u64) -> String {
    format!("{:.2}", nanos as f64 / 1e6)
}

/// p50/p90/p99/max of latencies in nanoseconds, for one summary line.
pub fn spread(latencies: &mut [u64]) -> String {
    spread_at(latencies, &[50.0, 90.0, 99.0])
}

/// The given percentiles and the max of latencies in nanoseconds, for one summary line.
pub fn spread_at(latencies: &mut [u64], percentiles: &[f64]) -> String {
    latencies.sort_unstable();
    let mut line = String::new();
    for &p in percentiles {
        line.push_str(&format!("p{p} {} ms  ", ms(percentile(latencies, p))));
    }
    format!(
        "{line}max {} ms  (n={})",
        ms(latencies.last().copied().unwrap_or(0)),
        latencies.len()
    )
}

/// Microseconds of CPU per delivered event.
pub fn cpu_per_event(cpu: Duration, delivered: u64) -> f64 {
    if delivered == 0 {
        return 0.0;
    }
    cpu.as_secs_f64() * 1e6 / delivered as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_rank_percentiles() {
        let values: Vec<u64> = (1..=100).collect();
        assert_eq!(percentile(&values, 50.0), 50);
        assert_eq!(percentile(&values, 90.0), 90);
        assert_eq!(percentile(&values, 99.0), 99);
        assert_eq!(percentile(&values, 100.0), 100);
        assert_eq!(percentile(&values, 0.0), 1);
        assert_eq!(percentile(&[7], 99.0), 7);
        assert_eq!(percentile(&[], 50.0), 0);
        // 20 samples: p99 is the largest, p50 the tenth.
        let twenty: Vec<u64> = (1..=20).collect();
        assert_eq!(percentile(&twenty, 99.0), 20);
        assert_eq!(percentile(&twenty, 50.0), 10);
    }

    #[test]
    fn cpu_per_event_in_microseconds() {
        assert_eq!(cpu_per_event(Duration::from_secs(1), 200_000), 5.0);
        assert_eq!(cpu_per_event(Duration::from_secs(1), 0), 0.0);
        assert_eq!(ms(1_234_567), "1.23");
    }

    #[test]
    fn summary_lines() {
        let mut values: Vec<u64> = (1..=100).rev().map(|v| v * 1_000_000).collect();
        assert_eq!(
            spread(&mut values),
            "p50 50.00 ms  p90 90.00 ms  p99 99.00 ms  max 100.00 ms  (n=100)"
        );
        assert_eq!(
            spread_at(&mut values, &[95.0]),
            "p95 95.00 ms  max 100.00 ms  (n=100)"
        );
    }
}
