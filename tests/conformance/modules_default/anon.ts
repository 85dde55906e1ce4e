export default (x: number) => x * 2;
