// Numeric enums with reverse mapping
enum Direction {
  Up,
  Down,
  Left,
  Right,
}
console.log(Direction.Up, Direction.Down, Direction.Left, Direction.Right);
console.log(Direction[0], Direction[3], Direction[Direction.Left], Direction[10]);
console.log(Direction);
enum Status {
  Active = 1,
  Inactive,
  Pending = 10,
  Done,
  Negative = -5,
  AfterNegative,
}
console.log(Status.Active, Status.Inactive, Status.Pending, Status.Done, Status.Negative, Status.AfterNegative);
console.log(Status[2], Status[11], Status[-4]);
console.log(Object.keys(Status));
enum Flags {
  None = 0,
  Read = 1 << 0,
  Write = 1 << 1,
  Exec = 1 << 2,
  All = Read | Write | Exec,
}
const perm = Flags.Read | Flags.Exec;
console.log(perm, (perm & Flags.Write) !== 0, (perm & Flags.Exec) !== 0, Flags.All, Flags[7]);
function move(d: Direction) {
  switch (d) {
    case Direction.Up: return "north";
    case Direction.Down: return "south";
    default: return "sideways " + Direction[d];
  }
}
console.log(move(Direction.Up), move(Direction.Right), move(1));
console.log(typeof Direction, typeof Direction.Up);
