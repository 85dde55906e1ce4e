export default function greet(name: string) {
  return `hello, ${name}`;
}
export const punctuation = "!";
