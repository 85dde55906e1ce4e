//! The Math object (ECMAScript 21.3). Transcendental functions use the
//! `libm` crate (FreeBSD msun, the fdlibm lineage V8 ports), so results match
//! Node bit for bit in the common cases.

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
    asinh = "Math.asinh ( x ) — 21.3.2.5" => libm::asinh;
    atan = "Math.atan ( x ) — 21.3.2.6" => libm::atan;
    atanh = "Math.atanh ( x ) — 21.3.2.7" => libm::atanh;
    cbrt = "Math.cbrt ( x ) — 21.3.2.9" => libm::cbrt;
    ceil = "Math.ceil ( x ) — 21.3.2.10" => |x| x.ceil();
    cos = "Math.cos ( x ) — 21.3.2.12" => libm::cos;
    cosh = "Math.cosh ( x ) — 21.3.2.13" => libm::cosh;
    exp = "Math.exp ( x ) — 21.3.2.14" => libm::exp;
    expm1 = "Math.expm1 ( x ) — 21.3.2.15" => libm::expm1;
    floor = "Math.floor ( x ) — 21.3.2.16" => |x| x.floor();
    fround = "Math.fround ( x ) — 21.3.2.17" => |x| x as f32 as f64;
    log = "Math.log ( x ) — 21.3.2.20" => libm::log;
    log1p = "Math.log1p ( x ) — 21.3.2.21" => libm::log1p;
    log10 = "Math.log10 ( x ) — 21.3.2.22" => libm::log10;
    log2 = "Math.log2 ( x ) — 21.3.2.23" => libm::log2;
    round = "Math.round ( x ) — 21.3.2.28" => js_round;
    sign = "Math.sign ( x ) — 21.3.2.29" => |x| if x > 0.0 { 1.0 } else if x < 0.0 { -1.0 } else { x };
    sin = "Math.sin ( x ) — 21.3.2.30" => libm::sin;
    sinh = "Math.sinh ( x ) — 21.3.2.31" => libm::sinh;
    sqrt = "Math.sqrt ( x ) — 21.3.2.32" => |x| x.sqrt();
    tan = "Math.tan ( x ) — 21.3.2.33" => libm::tan;
    tanh = "Math.tanh ( x ) — 21.3.2.34" => libm::tanh;
    trunc = "Math.trunc ( x ) — 21.3.2.35" => |x| x.trunc();
}

/// Math.round: the integer closest to x, ties towards +Infinity, keeping -0.
fn js_round(x: f64) -> f64 {
    if !x.is_finite() || x == x.trunc() {
        return x;
    }
    if x > 0.0 && x < 0.5 {
        return 0.0;
    }
    if x < 0.0 && x >= -0.5 {
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
        def_method(hm, name, len, f);
    }
    let tag = string::from_str("Math");
    object::define(Value(hm.get()), realm::sym_atom(I::SymToStringTag), tag, shape::CONFIGURABLE);
    def_global("Math", hm);
}
