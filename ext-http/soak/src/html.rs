//! `--html FILE`: one standalone page with the verdict, hand-written SVG
//! charts (no script) and the per-pass table.

use crate::report::{FailureRecord, PassRecord, Status, Verdict};
use crate::stats::least_squares;
use std::fmt::Write as _;

/// One line of a chart: a value (or none) per pass.
pub struct Series<'a> {
    pub name: &'a str,
    pub color: &'a str,
    /// (pass, value).
    pub points: Vec<(f64, Option<f64>)>,
}

const WIDTH: f64 = 760.0;
const HEIGHT: f64 = 260.0;
const LEFT: f64 = 72.0;
const RIGHT: f64 = 16.0;
const TOP: f64 = 34.0;
const BOTTOM: f64 = 40.0;

/// Escapes text for HTML and SVG.
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A round step (1, 2 or 5 times a power of ten) near `range / count`.
pub fn nice_step(range: f64, count: f64) -> f64 {
    let raw = (range / count).max(f64::MIN_POSITIVE);
    let mag = 10f64.powf(raw.log10().floor());
    let f = raw / mag;
    let nice = if f <= 1.0 {
        1.0
    } else if f <= 2.0 {
        2.0
    } else if f <= 5.0 {
        5.0
    } else {
        10.0
    };
    nice * mag
}

/// The y axis: (low, high, step) covering `lo..=hi` with round ticks, from
/// zero when the data's low end is under half its high end.
pub fn y_axis(lo: f64, hi: f64) -> (f64, f64, f64) {
    let (mut lo, mut hi) = (lo, hi);
    if lo >= 0.0 && lo < 0.5 * hi {
        lo = 0.0;
    }
    // A flat series (within 2% of its size) gets a band around it rather
    // than ticks a billionth apart.
    if hi - lo <= 0.02 * hi.abs().max(lo.abs()) {
        let pad = if hi == 0.0 && lo == 0.0 { 1.0 } else { hi.abs().max(lo.abs()) * 0.1 };
        lo = if lo >= 0.0 { (lo - pad).max(0.0) } else { lo - pad };
        hi += pad;
    }
    let step = nice_step(hi - lo, 5.0);
    ((lo / step).floor() * step, (hi / step).ceil() * step, step)
}

fn label(v: f64, step: f64) -> String {
    let decimals = if step >= 1.0 { 0 } else { (-step.log10()).ceil() as usize };
    format!("{v:.decimals$}")
}

/// One SVG chart of `series` against pass number, with the warm-up boundary
/// and, when given, a fitted line drawn dashed between two (pass, value) points.
pub fn chart(title: &str, unit: &str, series: &[Series], passes: u32, warmup: u32, fit: Option<[(f64, f64); 2]>) -> String {
    let mut s = String::new();
    let _ = write!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{t}"><title>{t}</title>"#,
        t = esc(title)
    );
    let _ = write!(s, r##"<rect width="{WIDTH}" height="{HEIGHT}" fill="#fff"/>"##);
    let _ = write!(s, r#"<text x="{LEFT}" y="20" class="title">{}</text>"#, esc(title));
    let values: Vec<f64> = series.iter().flat_map(|se| se.points.iter().filter_map(|p| p.1)).chain(fit.iter().flat_map(|f| [f[0].1, f[1].1])).collect();
    let (plot_w, plot_h) = (WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM);
    if values.is_empty() {
        let _ = write!(s, r#"<text x="{}" y="{}" text-anchor="middle" class="empty">not measured</text></svg>"#, LEFT + plot_w / 2.0, TOP + plot_h / 2.0);
        return s;
    }
    let lo = values.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let (y0, y1, mut step) = y_axis(lo, hi);
    if values.iter().all(|v| v.fract() == 0.0) && step < 1.0 {
        // Counts: whole ticks only.
        step = 1.0;
    }
    let y1 = y1.max(y0 + step);
    let (x0, x1) = if passes <= 1 { (0.0, 2.0) } else { (1.0, f64::from(passes)) };
    let px = |x: f64| LEFT + (x - x0) / (x1 - x0) * plot_w;
    let py = |y: f64| TOP + plot_h - (y - y0) / (y1 - y0) * plot_h;

    // Grid and y labels.
    let mut y = y0;
    while y <= y1 + step * 1e-9 {
        let _ = write!(
            s,
            r##"<line x1="{LEFT}" x2="{}" y1="{yy:.1}" y2="{yy:.1}" stroke="#e4e4e4"/><text x="{}" y="{:.1}" text-anchor="end" class="tick">{}</text>"##,
            WIDTH - RIGHT,
            LEFT - 6.0,
            py(y) + 4.0,
            label(y, step),
            yy = py(y)
        );
        y += step;
    }
    let _ = write!(
        s,
        r#"<text x="14" y="{:.1}" transform="rotate(-90 14 {:.1})" text-anchor="middle" class="unit">{}</text>"#,
        TOP + plot_h / 2.0,
        TOP + plot_h / 2.0,
        esc(unit)
    );
    // X ticks at round pass numbers.
    let xstep = nice_step(x1 - x0, 8.0).max(1.0);
    let mut x = (x0 / xstep).ceil() * xstep;
    if x < 1.0 {
        x = xstep.max(1.0);
    }
    while x <= x1 + 1e-9 {
        let _ = write!(
            s,
            r##"<line x1="{xx:.1}" x2="{xx:.1}" y1="{}" y2="{}" stroke="#999"/><text x="{xx:.1}" y="{}" text-anchor="middle" class="tick">{}</text>"##,
            TOP + plot_h,
            TOP + plot_h + 4.0,
            TOP + plot_h + 17.0,
            x,
            xx = px(x)
        );
        x += xstep;
    }
    let _ = write!(s, r#"<text x="{:.1}" y="{}" text-anchor="middle" class="unit">pass</text>"#, LEFT + plot_w / 2.0, HEIGHT - 6.0);
    let _ = write!(s, r##"<rect x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}" fill="none" stroke="#999"/>"##);
    // The end of the warm-up.
    if warmup >= 1 && warmup < passes {
        let wx = px(f64::from(warmup) + 0.5);
        let _ = write!(
            s,
            r##"<line x1="{wx:.1}" x2="{wx:.1}" y1="{TOP}" y2="{}" stroke="#888" stroke-dasharray="4 3"/><text x="{:.1}" y="{}" class="tick">warm-up</text>"##,
            TOP + plot_h,
            wx + 4.0,
            TOP + 12.0
        );
    }
    if let Some([(ax, ay), (bx, by)]) = fit {
        let _ = write!(
            s,
            r##"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#444" stroke-width="1.5" stroke-dasharray="6 4"><title>least-squares fit after the warm-up</title></line>"##,
            px(ax),
            py(ay),
            px(bx),
            py(by)
        );
    }
    // The series: a polyline per run of measured passes, and a dot with a
    // tooltip per pass.
    for se in series {
        let mut run: Vec<String> = Vec::new();
        let flush = |run: &mut Vec<String>, s: &mut String| {
            if run.len() > 1 {
                let _ = write!(s, r#"<polyline fill="none" stroke="{}" stroke-width="1.6" points="{}"/>"#, se.color, run.join(" "));
            }
            run.clear();
        };
        for &(x, v) in &se.points {
            match v {
                Some(v) => run.push(format!("{:.1},{:.1}", px(x), py(v))),
                None => flush(&mut run, &mut s),
            }
        }
        flush(&mut run, &mut s);
        for &(x, v) in &se.points {
            if let Some(v) = v {
                let _ = write!(
                    s,
                    r#"<circle cx="{:.1}" cy="{:.1}" r="2" fill="{}"><title>pass {x}: {} {}</title></circle>"#,
                    px(x),
                    py(v),
                    se.color,
                    label(v, step / 100.0),
                    esc(unit)
                );
            }
        }
    }
    // Legend.
    if series.len() > 1 {
        let mut lx = WIDTH - RIGHT;
        for se in series.iter().rev() {
            lx -= 12.0 + 7.0 * se.name.len() as f64 + 18.0;
            let _ = write!(
                s,
                r#"<rect x="{lx:.1}" y="12" width="12" height="4" fill="{}"/><text x="{:.1}" y="20" class="tick">{}</text>"#,
                se.color,
                lx + 16.0,
                esc(se.name)
            );
        }
    }
    s.push_str("</svg>");
    s
}

/// The dashed fit of `y` (against cumulative requests) after the warm-up,
/// as two (pass, value) points.
fn fit(passes: &[PassRecord], warmup: u32, scale: f64, y: impl Fn(&PassRecord) -> Option<u64>) -> Option<[(f64, f64); 2]> {
    let warm = &passes[(warmup as usize).min(passes.len())..];
    let pts: Vec<(f64, f64)> = warm.iter().filter_map(|p| Some((p.cumulative_requests as f64, y(p)? as f64 / scale))).collect();
    let line = least_squares(&pts)?;
    let (a, b) = (warm.first()?, warm.last()?);
    Some([(f64::from(a.pass), line.at(a.cumulative_requests as f64)), (f64::from(b.pass), line.at(b.cumulative_requests as f64))])
}

/// What the page says about the run besides its passes.
pub struct Page<'a> {
    pub title: &'a str,
    /// Settings, one line each.
    pub about: &'a [String],
    pub verdict: &'a Verdict,
    pub failures: &'a [FailureRecord],
    pub passes: &'a [PassRecord],
    pub warmup: u32,
}

/// The whole page.
pub fn page(p: &Page) -> String {
    // The x axis spans the passes that ran (an interrupted run of 10^6
    // planned passes still gets a readable chart).
    let n = p.passes.len() as u32;
    let per_pass = |f: &dyn Fn(&PassRecord) -> Option<f64>| -> Vec<(f64, Option<f64>)> { p.passes.iter().map(|r| (f64::from(r.pass), f(r))).collect() };
    let mb = |v: Option<u64>| v.map(|b| b as f64 / 1e6);
    let charts = [
        chart("RSS", "MB", &[Series { name: "RSS", color: "#1f77b4", points: per_pass(&|r| mb(r.rss)) }], n, p.warmup, fit(p.passes, p.warmup, 1e6, |r| r.rss)),
        chart(
            "Heap in use after the last collection (post_in_use)",
            "MB",
            &[Series { name: "post_in_use", color: "#2ca02c", points: per_pass(&|r| mb(r.post_in_use)) }],
            n,
            p.warmup,
            fit(p.passes, p.warmup, 1e6, |r| r.post_in_use),
        ),
        chart(
            "Pause p99 per pass (minor and full collections)",
            "ms",
            &[
                Series { name: "minor p99", color: "#d62728", points: per_pass(&|r| r.minor_pause_p99_us().map(|u| u as f64 / 1000.0)) },
                Series { name: "full p99", color: "#8c564b", points: per_pass(&|r| r.full_pause_p99_us().map(|u| u as f64 / 1000.0)) },
                Series { name: "minor CPU p99", color: "#ff9896", points: per_pass(&|r| r.minor_pause_cpu_p99_us().map(|u| u as f64 / 1000.0)) },
            ],
            n,
            p.warmup,
            None,
        ),
        chart(
            "Collections per pass",
            "collections",
            &[
                Series { name: "minor", color: "#9467bd", points: per_pass(&|r| Some(f64::from(r.minor))) },
                Series { name: "full", color: "#ff7f0e", points: per_pass(&|r| Some(f64::from(r.full))) },
            ],
            n,
            p.warmup,
            None,
        ),
    ];

    let mut s = String::new();
    let _ = write!(
        s,
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title>\n<style>\n{}\n</style></head><body>\n<h1>{}</h1>\n",
        esc(p.title),
        CSS,
        esc(p.title)
    );
    s.push_str("<ul class=\"about\">");
    for line in p.about {
        let _ = write!(s, "<li>{}</li>", esc(line));
    }
    s.push_str("</ul>\n<h2>Verdict: ");
    s.push_str(if p.verdict.passed() { "<span class=\"pass\">PASS</span>" } else { "<span class=\"fail\">FAIL</span>" });
    s.push_str("</h2>\n<table class=\"checks\">");
    for c in &p.verdict.checks {
        let class = match c.status {
            Status::Pass => "pass",
            Status::Fail => "fail",
            Status::NotMeasured => "na",
        };
        let _ = write!(s, "<tr><td class=\"{class}\">{}</td><td>{}</td><td>{}</td></tr>", c.status.label(), esc(c.name), esc(&c.figure));
    }
    s.push_str("</table>\n<ul class=\"info\">");
    for line in &p.verdict.info {
        let _ = write!(s, "<li>{}</li>", esc(line));
    }
    s.push_str("</ul>\n<div class=\"charts\">\n");
    for c in &charts {
        s.push_str(c);
        s.push('\n');
    }
    s.push_str("</div>\n");
    if !p.failures.is_empty() {
        let total: u64 = p.passes.iter().map(|r| u64::from(r.failures)).sum();
        let _ = write!(s, "<h2>Failures ({total})</h2>\n<ol class=\"failures\">");
        for f in p.failures.iter().take(200) {
            let _ = write!(s, "<li>{}</li>", esc(&f.to_string()));
        }
        if total > 200 {
            let _ = write!(s, "<li>... and {} more</li>", total - 200);
        }
        s.push_str("</ol>\n");
    }
    s.push_str("<h2>Passes</h2>\n<table class=\"passes\"><tr>");
    for h in [
        "pass",
        "requests",
        "failures",
        "timeouts",
        "p50 ms",
        "p99 ms",
        "RSS MB",
        "post_in_use MB",
        "minor",
        "full",
        "minor max ms",
        "minor p99 ms",
        "box_cells_live",
        "proxies_live",
    ] {
        let _ = write!(s, "<th>{h}</th>");
    }
    s.push_str("</tr>\n");
    let o = |v: Option<u64>, scale: f64, d: usize| v.map_or(String::new(), |v| format!("{:.d$}", v as f64 / scale));
    for r in p.passes {
        let _ = writeln!(
            s,
            "<tr{}><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            if r.failures > 0 { " class=\"failed\"" } else { "" },
            r.pass,
            r.requests,
            r.failures,
            r.timeouts,
            o(r.latency_p50_us, 1000.0, 2),
            o(r.latency_p99_us, 1000.0, 2),
            o(r.rss, 1e6, 1),
            o(r.post_in_use, 1e6, 2),
            r.minor,
            r.full,
            o(r.minor_pause_max_us(), 1000.0, 3),
            o(r.minor_pause_p99_us(), 1000.0, 3),
            o(r.box_cells_live, 1.0, 0),
            o(r.proxies_live, 1.0, 0),
        );
    }
    s.push_str("</table>\n</body></html>\n");
    s
}

const CSS: &str = "body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#222;max-width:1000px}
h1{font-size:20px}h2{font-size:16px;margin-top:28px}
.about,.info{padding-left:18px}.about li{font-family:ui-monospace,monospace;font-size:13px}
table{border-collapse:collapse}td,th{padding:2px 8px;text-align:right;border-bottom:1px solid #eee}
.checks td{text-align:left}.pass{color:#1a7f37;font-weight:600}.fail{color:#c62828;font-weight:600}.na{color:#777}
tr.failed td{background:#fdecea}.failures li{font-family:ui-monospace,monospace;font-size:12px}
.charts svg{display:block;margin:14px 0;border:1px solid #ddd}
svg .title{font:600 13px system-ui,sans-serif}svg .tick{font:11px system-ui,sans-serif;fill:#555}
svg .unit{font:12px system-ui,sans-serif;fill:#333}svg .empty{font:13px system-ui,sans-serif;fill:#999}";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nice_axes() {
        assert_eq!(nice_step(100.0, 5.0), 20.0);
        assert_eq!(nice_step(7.0, 5.0), 2.0);
        assert_eq!(nice_step(0.3, 5.0), 0.1);
        // A flat line gets some room; a high floor is kept off zero.
        let (lo, hi, step) = y_axis(5.0, 5.0);
        assert!((lo - 4.4).abs() < 1e-9 && (hi - 5.6).abs() < 1e-9 && (step - 0.2).abs() < 1e-12, "{lo} {hi} {step}");
        assert_eq!(y_axis(0.0, 0.0), (0.0, 1.0, 0.2));
        assert_eq!(y_axis(10.0, 95.0), (0.0, 100.0, 20.0));
        let (lo, hi, step) = y_axis(150.0, 180.0);
        assert!(lo <= 150.0 && lo > 100.0 && hi >= 180.0 && step == 10.0, "{lo} {hi} {step}");
    }

    #[test]
    fn chart_draws_gaps_dots_and_escapes() {
        let svg = chart(
            "a <b> & c",
            "MB",
            &[Series { name: "x", color: "#123456", points: vec![(1.0, Some(1.0)), (2.0, Some(2.0)), (3.0, None), (4.0, Some(3.0))] }],
            4,
            1,
            Some([(2.0, 2.0), (4.0, 3.0)]),
        );
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        assert!(svg.contains("a &lt;b&gt; &amp; c"));
        assert_eq!(svg.matches("<polyline").count(), 1, "the gap splits the line; a lone point is only a dot");
        assert_eq!(svg.matches("<circle").count(), 3);
        assert!(svg.contains("warm-up"));
        assert!(svg.contains("stroke-dasharray=\"6 4\""));
        let empty = chart("nothing", "MB", &[Series { name: "x", color: "#000", points: vec![(1.0, None)] }], 1, 0, None);
        assert!(empty.contains("not measured"));
    }
}
