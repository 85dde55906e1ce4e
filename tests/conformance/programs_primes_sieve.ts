// Sieve of Eratosthenes, primality test and factorisation
function sieve(limit: number): number[] {
  const isPrime: boolean[] = new Array(limit + 1).fill(true);
  isPrime[0] = isPrime[1] = false;
  for (let i = 2; i * i <= limit; i++) {
    if (!isPrime[i]) continue;
    for (let j = i * i; j <= limit; j += i) isPrime[j] = false;
  }
  const primes: number[] = [];
  isPrime.forEach((p, i) => { if (p) primes.push(i); });
  return primes;
}
const primes = sieve(100);
console.log(primes.length, primes.join(" "));
console.log(sieve(10000).length, sieve(1), sieve(2));
function isPrime(n: number) {
  if (n < 2) return false;
  for (let d = 2; d * d <= n; d++) if (n % d === 0) return false;
  return true;
}
console.log([1, 2, 17, 21, 97, 7919, 1000003].map(isPrime).join(" "));
function factorize(n: number): number[] {
  const f: number[] = [];
  for (let d = 2; d * d <= n; d++) {
    while (n % d === 0) {
      f.push(d);
      n /= d;
    }
  }
  if (n > 1) f.push(n);
  return f;
}
for (const n of [12, 97, 360, 1001, 2 ** 20, 999999]) console.log(n, "=", factorize(n).join(" * "));
const twin = primes.filter((p, i) => primes[i + 1] - p === 2).map((p) => `(${p},${p + 2})`);
console.log(twin.join(" "));
