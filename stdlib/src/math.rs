//! The Math object (ECMAScript 21.3). Transcendental functions use the
//! `libm` crate (FreeBSD msun, the fdlibm lineage V8 ports); where V8 keeps
//! the original fdlibm code (module [`fdlibm`]: sin, cos, exp, cosh, tanh,
//! asinh, log10, cbrt) it is ported here so results match Node bit for bit.

#![allow(clippy::excessive_precision, clippy::approx_constant, clippy::eq_op)] // ported V8 (fdlibm) kernels keep their exact constants and NaN idioms

use crate::global::{def_constant, def_global, def_method};
use perry_gc::HandleScope;
use perry_runtime::function::Args;
use perry_runtime::object;
use perry_runtime::ops;
use perry_runtime::realm::{self, I};
use perry_runtime::shape;
use perry_runtime::string;
use perry_runtime::{JsResult, Value};

fn arg(args: &Args, i: usize) -> JsResult<f64> {
    ops::to_number(args.get(i))
}

macro_rules! unary {
    ($($name:ident = $doc:literal => $f:expr;)*) => {
        $(
            #[doc = $doc]
            fn $name(args: &Args) -> JsResult {
                let x = arg(args, 0)?;
                let f: fn(f64) -> f64 = $f;
                Ok(Value::num(f(x)))
            }
        )*
    };
}

unary! {
    abs = "Math.abs ( x ) — 21.3.2.1" => |x| x.abs();
    acos = "Math.acos ( x ) — 21.3.2.2" => libm::acos;
    acosh = "Math.acosh ( x ) — 21.3.2.3" => libm::acosh;
    asin = "Math.asin ( x ) — 21.3.2.4" => libm::asin;
    asinh = "Math.asinh ( x ) — 21.3.2.5" => fdlibm::asinh;
    atan = "Math.atan ( x ) — 21.3.2.6" => libm::atan;
    atanh = "Math.atanh ( x ) — 21.3.2.7" => libm::atanh;
    cbrt = "Math.cbrt ( x ) — 21.3.2.9" => fdlibm::cbrt;
    ceil = "Math.ceil ( x ) — 21.3.2.10" => |x| x.ceil();
    cos = "Math.cos ( x ) — 21.3.2.12" => fdlibm::cos;
    cosh = "Math.cosh ( x ) — 21.3.2.13" => fdlibm::cosh;
    exp = "Math.exp ( x ) — 21.3.2.14" => fdlibm::exp;
    expm1 = "Math.expm1 ( x ) — 21.3.2.15" => libm::expm1;
    floor = "Math.floor ( x ) — 21.3.2.16" => |x| x.floor();
    fround = "Math.fround ( x ) — 21.3.2.17" => |x| x as f32 as f64;
    log = "Math.log ( x ) — 21.3.2.20" => libm::log;
    log1p = "Math.log1p ( x ) — 21.3.2.21" => libm::log1p;
    log10 = "Math.log10 ( x ) — 21.3.2.22" => fdlibm::log10;
    log2 = "Math.log2 ( x ) — 21.3.2.23" => libm::log2;
    round = "Math.round ( x ) — 21.3.2.28" => js_round;
    sign = "Math.sign ( x ) — 21.3.2.29" => |x| if x > 0.0 { 1.0 } else if x < 0.0 { -1.0 } else { x };
    sin = "Math.sin ( x ) — 21.3.2.30" => fdlibm::sin;
    sinh = "Math.sinh ( x ) — 21.3.2.31" => libm::sinh;
    sqrt = "Math.sqrt ( x ) — 21.3.2.32" => |x| x.sqrt();
    tan = "Math.tan ( x ) — 21.3.2.33" => libm::tan;
    tanh = "Math.tanh ( x ) — 21.3.2.34" => fdlibm::tanh;
    trunc = "Math.trunc ( x ) — 21.3.2.35" => |x| x.trunc();
}

/// The fdlibm functions as V8's `base::ieee754` has them (where they differ
/// from FreeBSD's msun, which the `libm` crate ports).
mod fdlibm {
    #[inline]
    fn high(x: f64) -> i32 {
        (x.to_bits() >> 32) as i32
    }
    #[inline]
    fn low(x: f64) -> u32 {
        x.to_bits() as u32
    }
    #[inline]
    fn from_words(hi: u32, lo: u32) -> f64 {
        f64::from_bits(((hi as u64) << 32) | lo as u64)
    }

    const S1: f64 = -1.66666666666666324348e-01;
    const S2: f64 = 8.33333333332248946124e-03;
    const S3: f64 = -1.98412698298579493134e-04;
    const S4: f64 = 2.75573137070700676789e-06;
    const S5: f64 = -2.50507602534068634195e-08;
    const S6: f64 = 1.58969099521155010221e-10;
    const C1: f64 = 4.16666666666666019037e-02;
    const C2: f64 = -1.38888888888741095749e-03;
    const C3: f64 = 2.48015872894767294178e-05;
    const C4: f64 = -2.75573143513906633035e-07;
    const C5: f64 = 2.08757232129817482790e-09;
    const C6: f64 = -1.13596475577881948265e-11;

    /// __kernel_sin
    fn k_sin(x: f64, y: f64, iy: bool) -> f64 {
        let ix = high(x) & 0x7fffffff;
        if ix < 0x3e400000 && x as i32 == 0 {
            return x;
        }
        let z = x * x;
        let v = z * x;
        let r = S2 + z * (S3 + z * (S4 + z * (S5 + z * S6)));
        if !iy { x + v * (S1 + z * r) } else { x - ((z * (0.5 * y - v * r) - y) - v * S1) }
    }

    /// __kernel_cos (the original fdlibm form with `qx`)
    fn k_cos(x: f64, y: f64) -> f64 {
        let ix = high(x) & 0x7fffffff;
        if ix < 0x3e400000 && x as i32 == 0 {
            return 1.0;
        }
        let z = x * x;
        let r = z * (C1 + z * (C2 + z * (C3 + z * (C4 + z * (C5 + z * C6)))));
        if ix < 0x3FD33333 {
            return 1.0 - (0.5 * z - (z * r - x * y));
        }
        let qx = if ix > 0x3fe90000 { 0.28125 } else { from_words((ix - 0x00200000) as u32, 0) };
        let hz = 0.5 * z - qx;
        let a = 1.0 - qx;
        a - (hz - (z * r - x * y))
    }

    const INV_PIO2: f64 = 6.36619772367581382433e-01;
    const PIO2_1: f64 = 1.57079632673412561417e+00;
    const PIO2_1T: f64 = 6.07710050650619224932e-11;
    const PIO2_2: f64 = 6.07710050630396597660e-11;
    const PIO2_2T: f64 = 2.02226624879595063154e-21;
    const PIO2_3: f64 = 2.02226624871116645580e-21;
    const PIO2_3T: f64 = 8.47842766036889956997e-32;

    /// __ieee754_rem_pio2 for |x| <= 2^19 * pi/2; None beyond.
    fn rem_pio2(x: f64) -> Option<(i32, f64, f64)> {
        let hx = high(x);
        let ix = hx & 0x7fffffff;
        if ix < 0x4002d97c {
            // |x| < 3pi/4: n = +-1
            let (z, y0, y1);
            if hx > 0 {
                let mut z0 = x - PIO2_1;
                if ix != 0x3ff921fb {
                    y0 = z0 - PIO2_1T;
                    y1 = (z0 - y0) - PIO2_1T;
                } else {
                    z0 -= PIO2_2;
                    y0 = z0 - PIO2_2T;
                    y1 = (z0 - y0) - PIO2_2T;
                }
                z = 1;
            } else {
                let mut z0 = x + PIO2_1;
                if ix != 0x3ff921fb {
                    y0 = z0 + PIO2_1T;
                    y1 = (z0 - y0) + PIO2_1T;
                } else {
                    z0 += PIO2_2;
                    y0 = z0 + PIO2_2T;
                    y1 = (z0 - y0) + PIO2_2T;
                }
                z = -1;
            }
            return Some((z, y0, y1));
        }
        if ix > 0x413921fb {
            return None;
        }
        let t = x.abs();
        let n = (t * INV_PIO2 + 0.5) as i32;
        let f = n as f64;
        let mut r = t - f * PIO2_1;
        let mut w = f * PIO2_1T;
        let j = ix >> 20;
        let mut y0 = r - w;
        let i = j - ((high(y0) >> 20) & 0x7ff);
        if i > 16 {
            let t = r;
            w = f * PIO2_2;
            r = t - w;
            w = f * PIO2_2T - ((t - r) - w);
            y0 = r - w;
            let i = j - ((high(y0) >> 20) & 0x7ff);
            if i > 49 {
                let t = r;
                w = f * PIO2_3;
                r = t - w;
                w = f * PIO2_3T - ((t - r) - w);
                y0 = r - w;
            }
        }
        let y1 = (r - y0) - w;
        if hx < 0 { Some((-n, -y0, -y1)) } else { Some((n, y0, y1)) }
    }

    pub fn sin(x: f64) -> f64 {
        let ix = high(x) & 0x7fffffff;
        if ix <= 0x3fe921fb {
            return k_sin(x, 0.0, false);
        }
        if ix >= 0x7ff00000 {
            return x - x;
        }
        match rem_pio2(x) {
            None => libm::sin(x),
            Some((n, y0, y1)) => match n & 3 {
                0 => k_sin(y0, y1, true),
                1 => k_cos(y0, y1),
                2 => -k_sin(y0, y1, true),
                _ => -k_cos(y0, y1),
            },
        }
    }

    pub fn cos(x: f64) -> f64 {
        let ix = high(x) & 0x7fffffff;
        if ix <= 0x3fe921fb {
            return k_cos(x, 0.0);
        }
        if ix >= 0x7ff00000 {
            return x - x;
        }
        match rem_pio2(x) {
            None => libm::cos(x),
            Some((n, y0, y1)) => match n & 3 {
                0 => k_cos(y0, y1),
                1 => -k_sin(y0, y1, true),
                2 => -k_cos(y0, y1),
                _ => k_sin(y0, y1, true),
            },
        }
    }

    /// V8 special-cases exp(1) to return E exactly.
    pub fn exp(x: f64) -> f64 {
        if x == 1.0 { core::f64::consts::E } else { libm::exp(x) }
    }

    pub fn cosh(x: f64) -> f64 {
        let ix = high(x) & 0x7fffffff;
        if ix < 0x3fd62e43 {
            let t = libm::expm1(x.abs());
            let w = 1.0 + t;
            if ix < 0x3c800000 {
                return w;
            }
            return 1.0 + (t * t) / (w + w);
        }
        if ix < 0x40360000 {
            let t = exp(x.abs());
            return 0.5 * t + 0.5 / t;
        }
        if ix < 0x40862e42 {
            return 0.5 * exp(x.abs());
        }
        if x.abs() <= 710.4758600739439 {
            let w = exp(0.5 * x.abs());
            let t = 0.5 * w;
            return t * w;
        }
        if ix >= 0x7ff00000 {
            return x * x;
        }
        f64::INFINITY
    }

    pub fn tanh(x: f64) -> f64 {
        let jx = high(x);
        let ix = jx & 0x7fffffff;
        if ix >= 0x7ff00000 {
            return if jx >= 0 { 1.0 / x + 1.0 } else { 1.0 / x - 1.0 };
        }
        let z = if ix < 0x40360000 {
            if ix < 0x3e300000 {
                return x;
            }
            if ix >= 0x3ff00000 {
                let t = libm::expm1(2.0 * x.abs());
                1.0 - 2.0 / (t + 2.0)
            } else {
                let t = libm::expm1(-2.0 * x.abs());
                -t / (t + 2.0)
            }
        } else {
            1.0
        };
        if jx >= 0 { z } else { -z }
    }

    pub fn asinh(x: f64) -> f64 {
        let hx = high(x);
        let ix = hx & 0x7fffffff;
        if ix >= 0x7ff00000 {
            return x + x;
        }
        if ix < 0x3e300000 {
            return x;
        }
        let w = if ix > 0x41b00000 {
            libm::log(x.abs()) + core::f64::consts::LN_2
        } else if ix > 0x40000000 {
            let t = x.abs();
            libm::log(2.0 * t + 1.0 / ((x * x + 1.0).sqrt() + t))
        } else {
            let t = x * x;
            libm::log1p(x.abs() + t / (1.0 + (1.0 + t).sqrt()))
        };
        if hx > 0 { w } else { -w }
    }

    pub fn log10(x: f64) -> f64 {
        const TWO54: f64 = 1.80143985094819840000e+16;
        const IVLN10: f64 = 4.34294481903251816668e-01;
        const LOG10_2HI: f64 = 3.01029995663611771306e-01;
        const LOG10_2LO: f64 = 3.69423907715893078616e-13;
        let mut x = x;
        let mut hx = high(x);
        let lx = low(x);
        let mut k: i32 = 0;
        if hx < 0x00100000 {
            if ((hx & 0x7fffffff) as u32 | lx) == 0 {
                return f64::NEG_INFINITY;
            }
            if hx < 0 {
                return f64::NAN;
            }
            k -= 54;
            x *= TWO54;
            hx = high(x);
        }
        if hx >= 0x7ff00000 {
            return x + x;
        }
        if hx == 0x3ff00000 && low(x) == 0 {
            return 0.0;
        }
        k += (hx >> 20) - 1023;
        let i = ((k as u32 & 0x80000000) >> 31) as i32;
        let hx = (hx & 0x000fffff) | ((0x3ff - i) << 20);
        let y = (k + i) as f64;
        let x = from_words(hx as u32, low(x));
        let z = y * LOG10_2LO + IVLN10 * libm::log(x);
        z + y * LOG10_2HI
    }

    pub fn cbrt(x: f64) -> f64 {
        const B1: u32 = 715094163;
        const B2: u32 = 696219795;
        const P0: f64 = 1.87595182427177009643;
        const P1: f64 = -1.88497979543377169875;
        const P2: f64 = 1.621429720105354466140;
        const P3: f64 = -0.758397934778766047437;
        const P4: f64 = 0.145996192886612446982;
        let mut hx = high(x) as u32;
        let lx = low(x);
        let sign = hx & 0x80000000;
        hx ^= sign;
        if hx >= 0x7ff00000 {
            return x + x;
        }
        let mut t;
        if hx < 0x00100000 {
            if (hx | lx) == 0 {
                return x;
            }
            t = from_words(0x43500000, 0) * x;
            let h = high(t) as u32;
            t = from_words(sign | ((h & 0x7fffffff) / 3 + B2), 0);
        } else {
            t = from_words(sign | (hx / 3 + B1), 0);
        }
        let r = (t * t) * (t / x);
        t *= (P0 + r * (P1 + r * P2)) + ((r * r) * r) * (P3 + r * P4);
        t = f64::from_bits((t.to_bits().wrapping_add(0x80000000)) & 0xffffffffc0000000);
        let s = t * t;
        let r = x / s;
        let w = t + t;
        let r = (r - t) / (w + r);
        t + t * r
    }
}

/// Math.round: the integer closest to x, ties towards +Infinity, keeping -0.
fn js_round(x: f64) -> f64 {
    if !x.is_finite() || x == x.trunc() {
        return x;
    }
    if x > 0.0 && x < 0.5 {
        return 0.0;
    }
    if (-0.5..0.0).contains(&x) {
        return -0.0;
    }
    let f = x.floor();
    // x - floor(x) is exact here.
    if x - f >= 0.5 { f + 1.0 } else { f }
}

/// Math.atan2 ( y, x ) — 21.3.2.8
fn atan2(args: &Args) -> JsResult {
    let y = arg(args, 0)?;
    let x = arg(args, 1)?;
    Ok(Value::num(libm::atan2(y, x)))
}

/// Math.clz32 ( x ) — 21.3.2.11
fn clz32(args: &Args) -> JsResult {
    let n = ops::to_uint32(arg(args, 0)?);
    Ok(Value::int(n.leading_zeros() as i64))
}

/// Math.imul ( x, y ) — 21.3.2.19
fn imul(args: &Args) -> JsResult {
    let a = ops::to_uint32(arg(args, 0)?);
    let b = ops::to_uint32(arg(args, 1)?);
    Ok(Value::int(a.wrapping_mul(b) as i32 as i64))
}

fn coerce_all(args: &Args) -> JsResult<Vec<f64>> {
    let mut v = Vec::with_capacity(args.len());
    for i in 0..args.len() {
        v.push(arg(args, i)?);
    }
    Ok(v)
}

/// Math.hypot ( ...args ) — 21.3.2.18 (V8's scaled Kahan summation)
fn hypot(args: &Args) -> JsResult {
    let v = coerce_all(args)?;
    let mut max: f64 = 0.0;
    let mut nan = false;
    for &x in &v {
        if x.is_infinite() {
            return Ok(Value::num(f64::INFINITY));
        }
        if x.is_nan() {
            nan = true;
        } else {
            max = max.max(x.abs());
        }
    }
    if nan {
        return Ok(Value::num(f64::NAN));
    }
    if max == 0.0 {
        return Ok(Value::num(0.0));
    }
    let mut sum = 0.0f64;
    let mut comp = 0.0f64;
    for &x in &v {
        let n = x.abs() / max;
        let summand = n * n - comp;
        let pre = sum + summand;
        comp = (pre - sum) - summand;
        sum = pre;
    }
    Ok(Value::num(sum.sqrt() * max))
}

/// Math.max ( ...args ) — 21.3.2.24
fn max(args: &Args) -> JsResult {
    let v = coerce_all(args)?;
    let mut r = f64::NEG_INFINITY;
    for x in v {
        if x.is_nan() {
            r = f64::NAN;
        } else if !r.is_nan() && (x > r || (x == 0.0 && r == 0.0 && r.is_sign_negative())) {
            r = x;
        }
    }
    Ok(Value::num(r))
}

/// Math.min ( ...args ) — 21.3.2.25
fn min(args: &Args) -> JsResult {
    let v = coerce_all(args)?;
    let mut r = f64::INFINITY;
    for x in v {
        if x.is_nan() {
            r = f64::NAN;
        } else if !r.is_nan() && (x < r || (x == 0.0 && r == 0.0 && x.is_sign_negative())) {
            r = x;
        }
    }
    Ok(Value::num(r))
}

/// Math.pow ( base, exponent ) — 21.3.2.26 (the same as `**`)
fn pow(args: &Args) -> JsResult {
    let x = arg(args, 0)?;
    let y = arg(args, 1)?;
    Ok(Value::num(ops::js_pow(x, y)))
}

static RNG: perry_gc::JsCell<[u64; 2]> = perry_gc::JsCell::new([0, 0]);

fn seed() -> [u64; 2] {
    let t = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or(0x1234_5678);
    let mut z = t ^ ((&RNG as *const _ as u64) << 16) ^ std::process::id() as u64;
    let mut next = || {
        // splitmix64
        z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut x = z;
        x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        x ^ (x >> 31)
    };
    let a = next();
    let b = next();
    [a, b | 1]
}

/// Math.random ( ) — 21.3.2.27 (xorshift128+, seeded from the clock)
fn random(_args: &Args) -> JsResult {
    // SAFETY: the generator state is touched by the JS thread only, and the borrow ends within
    // `random`, which calls nothing that uses it.
    let s = unsafe { RNG.get() };
    if s[0] == 0 && s[1] == 0 {
        *s = seed();
    }
    let mut s1 = s[0];
    let s0 = s[1];
    s[0] = s0;
    s1 ^= s1 << 23;
    s1 ^= s1 >> 17;
    s1 ^= s0;
    s1 ^= s0 >> 26;
    s[1] = s1;
    let r = s[0].wrapping_add(s[1]);
    Ok(Value::num((r >> 11) as f64 / (1u64 << 53) as f64))
}

/// The metas of the Math functions compiled code inlines (`SYM_MATH_METAS`).
#[unsafe(no_mangle)]
pub static mut PERRY_MATH_METAS: [u64; perry_abi::MATH_INLINE.len()] = [0; perry_abi::MATH_INLINE.len()];

pub fn install() {
    let scope = HandleScope::new();
    let m = object::new_plain(48);
    let hm = scope.root(m.0);
    for (name, v) in [
        ("E", core::f64::consts::E),
        ("LN10", core::f64::consts::LN_10),
        ("LN2", core::f64::consts::LN_2),
        ("LOG10E", core::f64::consts::LOG10_E),
        ("LOG2E", core::f64::consts::LOG2_E),
        ("PI", core::f64::consts::PI),
        ("SQRT1_2", core::f64::consts::FRAC_1_SQRT_2),
        ("SQRT2", core::f64::consts::SQRT_2),
    ] {
        def_constant(hm, name, Value::num(v));
    }
    let table: &[(&str, u32, perry_runtime::function::NativeFn)] = &[
        ("abs", 1, abs),
        ("acos", 1, acos),
        ("acosh", 1, acosh),
        ("asin", 1, asin),
        ("asinh", 1, asinh),
        ("atan", 1, atan),
        ("atanh", 1, atanh),
        ("atan2", 2, atan2),
        ("ceil", 1, ceil),
        ("cbrt", 1, cbrt),
        ("expm1", 1, expm1),
        ("clz32", 1, clz32),
        ("cos", 1, cos),
        ("cosh", 1, cosh),
        ("exp", 1, exp),
        ("floor", 1, floor),
        ("fround", 1, fround),
        ("hypot", 2, hypot),
        ("imul", 2, imul),
        ("log", 1, log),
        ("log1p", 1, log1p),
        ("log2", 1, log2),
        ("log10", 1, log10),
        ("max", 2, max),
        ("min", 2, min),
        ("pow", 2, pow),
        ("random", 0, random),
        ("round", 1, round),
        ("sign", 1, sign),
        ("sin", 1, sin),
        ("sinh", 1, sinh),
        ("sqrt", 1, sqrt),
        ("tan", 1, tan),
        ("tanh", 1, tanh),
        ("trunc", 1, trunc),
    ];
    for &(name, len, f) in table {
        let fv = def_method(hm, name, len, f);
        if let Some(i) = perry_abi::MATH_INLINE.iter().position(|&n| n == name) {
            // SAFETY: start-up, single JS thread; compiled code only reads it.
            unsafe { PERRY_MATH_METAS[i] = fv.cell().word(perry_abi::FN_META) };
        }
    }
    let tag = string::from_str("Math");
    object::define(Value(hm.get()), realm::sym_atom(I::SymToStringTag), tag, shape::CONFIGURABLE);
    def_global("Math", hm);
}
