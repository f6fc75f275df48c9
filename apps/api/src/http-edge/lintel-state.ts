/**
 * The one shape of `ctx.state` in Lintel's Koa app, so middleware and routes read it without
 * casts: the Koa app, the router and every middleware are typed with it.
 */
import type { RouterContext } from "@koa/router";
import type { ParameterizedContext } from "koa";
import type { Caller } from "@lintel/core";

export interface LintelState {
  /** Set first for every request by `requestId` (the client's or a fresh one). */
  requestId: string;
  /** The DOCS_URL problem types point to. */
  docsUrl: string;
  /** The admitted caller: set by `admit` on `/v1` operations, absent elsewhere. */
  caller?: Caller;
}

/** Any request's context. */
export type LintelContext = ParameterizedContext<LintelState>;

/** A route's context: {@link LintelState} plus the path's parameters. */
export type LintelRouteContext = RouterContext<LintelState>;
