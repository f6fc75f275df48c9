/**
 * tsyringe with types: a {@link Token} carries the type it stands for, so registering a value
 * of another type under it, or resolving it as another type, is a compile error. tsyringe's own
 * `resolve<T>(token)` believes any `T` it is told.
 */
import { instanceCachingFactory, type DependencyContainer } from "tsyringe";

declare const resolvesTo: unique symbol;

/** A tsyringe injection token for a `T`. */
export type Token<T> = symbol & { readonly [resolvesTo]?: T };

/** A token for a `T`, described for tsyringe's error messages. */
export function token<T>(description: string): Token<T> {
  return Symbol(description) as Token<T>;
}

/** Resolves tokens to the type they carry. */
export interface Resolver {
  resolve<T>(token: Token<T>): T;
}

/** Registers under tokens only what they carry: a value, or a factory called once per container. */
export interface Registry extends Resolver {
  value<T>(token: Token<T>, value: T): void;
  once<T>(token: Token<T>, factory: (resolver: Resolver) => T): void;
}

/** The typed face of a tsyringe container. */
export function typed(container: DependencyContainer): Registry {
  const resolver: Resolver = { resolve: (token) => container.resolve(token) };
  return {
    ...resolver,
    value(token, value) {
      container.register(token, { useValue: value });
    },
    once(token, factory) {
      container.register(token, { useFactory: instanceCachingFactory(() => factory(resolver)) });
    },
  };
}
