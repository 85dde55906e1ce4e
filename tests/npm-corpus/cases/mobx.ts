import { makeAutoObservable, autorun, computed, observable, runInAction, reaction } from "mobx";
class Todo {
  title = ""; done = false;
  constructor(title: string) { this.title = title; makeAutoObservable(this); }
  toggle() { this.done = !this.done; }
}
class Store {
  todos: Todo[] = [];
  constructor() { makeAutoObservable(this); }
  get remaining() { return this.todos.filter((t) => !t.done).length; }
  add(t: string) { this.todos.push(new Todo(t)); }
}
const s = new Store();
autorun(() => console.log("remaining:", s.remaining));
s.add("a"); s.add("b"); s.todos[0].toggle();
const box = observable.box(1);
const double = computed(() => box.get() * 2);
reaction(() => double.get(), (d) => console.log("double ->", d));
runInAction(() => box.set(5));
