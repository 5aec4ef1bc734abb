#!/usr/bin/env python3
"""TribeBoard's contract suite: the rules a TribeBoard backend keeps, checked from outside against a running server.

Usage: python3 Tests/API/contract.py URL      (URL: the server; its API is under URL/api)

Needs only Python 3 and the server's address. Sessions come from the server's test hook, POST /api/test-sessions
(operation createTestSession, Tests/API/README.md): eight accounts, one of each role (parentAdmin, adult, child,
visitor) in each of two test families, and more where a check uses one up. Then, for every operation of the
document but the hook and the control API:

- the permission matrix: each operation as each role, on its own family's things and on the other family's; the
  expected status and error code come from Tests/API/rules.json, which is Core's Permissions written out (a
  Swift test keeps them equal): allowed on its own family -> 2xx; refused by the role -> 403 permissionDenied; the
  other family -> 403 for an address naming the family, 404 notFound for one naming its thing (as if it were not
  there); a child's task list holds only their own tasks;
- the session's life: a run-out access token is 401 sessionExpired for every operation, before any other check
  (another family's ids and a body the rules refuse); sign-out ends every token of the bearer's session, whatever
  the body names, and no other session; refresh renews its own session only, once, with new tokens;
  POST /auth/session never answers for another account;
- a change's identity: another account's change under the same id does not make a queued change vanish; the same
  change again is alreadyApplied; another change under a used id is 422; a change naming another author is
  refused; a change made in the future is 422;
- the input rules (Tests/API/rules.json's bounds): lengths at and over the limit, control, invisible and
  text-direction characters, dates in the past, a participant twice, points out of range, a family name, an
  account id and an email address a sign-up gives.

Prints each failure with the call that failed, then the coverage: operations x roles x families tried, and how
many operations reached 2xx. Exits 1 when a check failed, 2 when the server could not be used at all.
Environment: TB_CONTRACT_TOKENS=FILE writes every token the suite was given to FILE (one a line), so a caller can
check that none reached the server's log.
"""

import json
import os
import sys
import urllib.error
import urllib.request

ROLES = ["parentAdmin", "adult", "child", "visitor"]
FAMILIES = ["one", "two"]
FUTURE = "2099-03-02T08:00:00Z"
PAST = "2001-03-02T08:00:00Z"


class Unusable(Exception):
    """The server can't be tested at all (not there, no test hook)."""


class Suite:
    def __init__(self, address):
        self.api = address.rstrip("/") + "/api"
        self.rules = json.load(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "rules.json")))
        self.failures = []
        self.checks = 0
        # operationId -> {"tried": set of (role, "own"/"other"), "2xx": bool}
        self.coverage = {}
        self.tokens = []
        self.changes = 0

    # MARK: calls

    def call(self, method, path, body=None, token=None):
        """(status, parsed JSON body or None) of a call; the body is sent as JSON."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.api + path, data=data, method=method)
        if data is not None:
            request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("Authorization", "Bearer " + token)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                status, text = response.status, response.read()
        except urllib.error.HTTPError as error:
            status, text = error.code, error.read()
        except (urllib.error.URLError, OSError) as error:
            raise Unusable(f"{method} {self.api + path}: {error}")
        try:
            parsed = json.loads(text) if text else None
        except ValueError:
            parsed = None
        return status, parsed

    def check(self, what, condition, detail=""):
        self.checks += 1
        if not condition:
            self.failures.append(what + (f": {detail}" if detail else ""))
        return condition

    def expect(self, operation, what, method, path, body, token, status, code=None, role=None, family=None):
        """Calls, and checks the status (an int, or a tuple of those allowed) and the problem's code."""
        got, answer = self.call(method, path, body, token)
        entry = self.coverage.setdefault(operation, {"tried": set(), "2xx": False})
        if role:
            entry["tried"].add((role, family))
        if 200 <= got < 300:
            entry["2xx"] = True
        allowed = status if isinstance(status, tuple) else (status,)
        said = f"{method} /api{path} {json.dumps(body) if body is not None else ''}".rstrip()
        answered = f"answered {got} {json.dumps(answer)[:300] if answer is not None else ''}".rstrip()
        if not self.check(what, got in allowed, f"{said} should answer {'/'.join(map(str, allowed))}, {answered}"):
            return got, answer
        if code and got >= 400:
            actual = answer.get("code") if isinstance(answer, dict) else None
            self.check(what, actual == code, f"{said} should be refused as {code}, {answered}")
        return got, answer

    def session(self, family, role, expired=False, mfa=False):
        body = {"family": family, "role": role}
        if expired:
            body["expired"] = True
        if mfa:
            body["mfa"] = True
        status, answer = self.call("POST", "/test-sessions", body)
        if status != 201 or not isinstance(answer, dict):
            raise Unusable(
                f"POST /api/test-sessions {json.dumps(body)} answered {status} {answer}: the server has no test hook "
                "(tribeboard serve --test-sessions; Tests/API/README.md)")
        session = answer["session"]
        self.tokens += [session["accessToken"], session["refreshToken"]]
        return {
            "token": session["accessToken"], "refresh": session["refreshToken"], "user": session["user"]["id"],
            "family": answer["family"]["id"], "role": role, "mfaCode": answer.get("mfaCode"),
        }

    def allows(self, role, capability):
        return capability in self.rules["permissions"][role]

    def change_id(self):
        self.changes += 1
        return f"contract-change-{self.changes}"

    # MARK: the world the checks use

    def prepare(self):
        self.people = {(f, r): self.session(f, r) for f in FAMILIES for r in ROLES}
        self.things = {}
        for f in FAMILIES:
            admin = self.people[(f, "parentAdmin")]
            family = admin["family"]
            made = {"family": family}
            for name, who in [("childTask", "child"), ("adultTask", "adult")]:
                status, task = self.call(
                    "POST", f"/families/{family}/tasks",
                    {"title": f"Contract {name}", "assignee": self.people[(f, who)]["user"], "due": FUTURE,
                     "points": 1}, admin["token"])
                made[name] = task["id"] if status == 201 else "missing-task"
            status, message = self.call("POST", f"/families/{family}/messages", {"text": "Contract"}, admin["token"])
            made["message"] = message["id"] if status == 201 else "missing-message"
            status, notice = self.call("POST", f"/families/{family}/notices", {"text": "Contract"}, admin["token"])
            made["notice"] = notice["id"] if status == 201 else "missing-notice"
            status, pickups = self.call("GET", f"/families/{family}/pickups", None, admin["token"])
            free = [p for p in (pickups or []) if isinstance(p, dict) and not p.get("driver")]
            made["pickup"] = free[0]["id"] if status == 200 and free else "missing-pickup"
            self.things[f] = made
            for name in ["childTask", "adultTask", "message", "notice", "pickup"]:
                self.check(f"family {f} has a {name} to test with", not made[name].startswith("missing"))

    def code_of(self, f):
        admin = self.people[(f, "parentAdmin")]
        status, families = self.call("GET", "/families", None, admin["token"])
        return next((x["code"] for x in families or [] if x["id"] == admin["family"]), "XXXXXX")

    # MARK: the permission matrix

    def operations(self):
        """Each operation as (operationId, method, path, body, what it needs, success status, address kind).

        `needs` is a capability of rules.json, or "member" (any active member), or a function of the caller's role
        answering whether it may; `address` is "family" (another family: 403) or "item" (another family's: 404).
        Each is a function of (caller, target family's things, target family's people) so a call that uses
        something up gets its own."""
        ops = []

        def add(op, method, path, body, needs, ok, address="family", after=None):
            ops.append((op, method, path, body, needs, ok, address, after))

        add("events", "GET", lambda c, t, p: f"/families/{t['family']}/events", None, "viewCalendar", 200)
        add("addEvent", "POST", lambda c, t, p: f"/families/{t['family']}/events",
            lambda c, t, p: {"title": "Contract event", "start": FUTURE}, "addEvent", 201)
        add("tasks", "GET", lambda c, t, p: f"/families/{t['family']}/tasks", None,
            lambda r: self.allows(r, "viewAllTasks") or self.allows(r, "viewOwnTasks"), 200)
        add("addTask", "POST", lambda c, t, p: f"/families/{t['family']}/tasks",
            lambda c, t, p: {"title": "Contract task"}, "addTask", 201)
        # Completing the child's task: their own for the child, anyone's for the others.
        add("setStatus", "PUT", lambda c, t, p: f"/tasks/{t['childTask']}/status", lambda c, t, p: {"status": "done"},
            lambda r: self.allows(r, "completeAnyTask") or (r == "child" and self.allows(r, "completeOwnTask")),
            204, "item")
        # Completing the adult's task: anyone's only.
        add("setStatus", "PUT", lambda c, t, p: f"/tasks/{t['adultTask']}/status", lambda c, t, p: {"status": "done"},
            "completeAnyTask", 204, "item")
        add("assign", "PUT", lambda c, t, p: f"/tasks/{t['adultTask']}/assignee",
            lambda c, t, p: {"assignee": p["child"]["user"]}, "assignTask", 204, "item")
        add("messages", "GET", lambda c, t, p: f"/families/{t['family']}/messages", None, "viewMessages", 200)
        add("sendMessage", "POST", lambda c, t, p: f"/families/{t['family']}/messages",
            lambda c, t, p: {"text": "Contract message"}, "sendMessage", 201)
        add("notices", "GET", lambda c, t, p: f"/families/{t['family']}/notices", None, "viewMessages", 200)
        add("postNotice", "POST", lambda c, t, p: f"/families/{t['family']}/notices",
            lambda c, t, p: {"text": "Contract notice"}, "postNotice", 201)
        add("setPinned", "PUT", lambda c, t, p: f"/notices/{t['notice']}/pinned", lambda c, t, p: {"pinned": True},
            "pinNotice", 204, "item")
        add("unreadMessages", "GET", lambda c, t, p: f"/families/{t['family']}/unread", None, "member", 200)
        add("markRead", "PUT", lambda c, t, p: f"/families/{t['family']}/read-marker",
            lambda c, t, p: {"message": t["message"]}, "viewMessages", 204)
        add("routes", "GET", lambda c, t, p: f"/families/{t['family']}/routes", None, "viewSchoolRun", 200)
        add("pickups", "GET", lambda c, t, p: f"/families/{t['family']}/pickups", None, "viewSchoolRun", 200)
        # Claiming the free pickup for oneself; whoever claimed it frees it again (after).
        add("setDriver", "PUT", lambda c, t, p: f"/pickups/{t['pickup']}/driver", lambda c, t, p: {"driver": c["user"]},
            "claimPickup", 204, "item",
            after=lambda c, t, p: self.expect(
                "setDriver", "whoever claimed a pickup frees it", "PUT", f"/pickups/{t['pickup']}/driver",
                {"driver": None}, c["token"], 204))
        add("members", "GET", lambda c, t, p: f"/families/{t['family']}/members", None, "member", 200)
        add("regenerateCode", "POST", lambda c, t, p: f"/families/{t['family']}/code", None, "manageFamily", 200)
        # Role changes and removals act on a new member each time (asked of the hook in the target family).
        add("changeRole", "PUT",
            lambda c, t, p: f"/families/{t['family']}/members/{self.victim(t, 'adult')}/role",
            lambda c, t, p: {"role": "child"}, "manageFamily", 204)
        add("removeMember", "DELETE",
            lambda c, t, p: f"/families/{t['family']}/members/{self.victim(t, 'visitor')}", None, "manageFamily", 204)
        add("sync", "POST", lambda c, t, p: f"/families/{t['family']}/sync", None, "member", 200)
        add("shareCode", "POST", lambda c, t, p: "/share-codes",
            lambda c, t, p: {"id": t["family"], "name": "Any", "code": "ABCDEF"}, "member", 200)
        add("apply", "POST", lambda c, t, p: "/changes",
            lambda c, t, p: {"id": self.change_id(), "author": c["user"], "madeAt": PAST, "summary": "Contract",
                             "change": {"kind": "sendMessage", "text": "Contract change", "family": t["family"]}},
            "sendMessage", 200)
        add("apply", "POST", lambda c, t, p: "/changes",
            lambda c, t, p: {"id": self.change_id(), "author": c["user"], "madeAt": PAST, "summary": "Contract",
                             "change": {"kind": "setPinned", "notice": t["notice"], "pinned": False}},
            "pinNotice", 200, "item")
        return ops

    def victim(self, things, role):
        family = next(f for f in FAMILIES if self.things[f] is things)
        return self.session(family, role)["user"]

    def matrix(self):
        for op, method, path, body, needs, ok, address, after in self.operations():
            for f in FAMILIES:
                for role in ROLES:
                    caller = self.people[(f, role)]
                    for target, where in [(f, "own"), (FAMILIES[1 - FAMILIES.index(f)], "other")]:
                        things = self.things[target]
                        people = {r: self.people[(target, r)] for r in ROLES}
                        may = needs(role) if callable(needs) else (
                            True if needs == "member" else self.allows(role, needs))
                        if where == "other":
                            status, code = (403, "permissionDenied") if address == "family" else (404, "notFound")
                        elif may:
                            status, code = ok, None
                        else:
                            status, code = 403, "permissionDenied"
                        what = f"{op} as {role} of family {f} on {where} family"
                        resolved = path(caller, things, people)
                        got, answer = self.expect(
                            op, what, method, resolved, body(caller, things, people) if body else None,
                            caller["token"], status, code, role, where)
                        if op == "tasks" and got == 200 and not self.allows(role, "viewAllTasks"):
                            self.check(
                                f"{what}: only their own tasks",
                                all(t.get("assignee") == caller["user"] for t in answer or []),
                                f"GET /api{resolved} answered {[t.get('assignee') for t in answer or []]}")
                        if after and 200 <= got < 300:
                            after(caller, things, people)

    def outside_a_family(self):
        """What needs no family, and what joining and creating need: one active family a person."""
        for f in FAMILIES:
            for role in ROLES:
                caller = self.people[(f, role)]
                other = FAMILIES[1 - FAMILIES.index(f)]
                for where, target in [("own", f), ("other", other)]:
                    what = f"as {role} of family {f}, about the {where} family"
                    code = self.code_of(target)
                    self.expect("findFamily", f"findFamily {what}", "GET", f"/family-codes/{code}", None,
                                caller["token"], 200, role=role, family=where)
                    self.expect("joinFamily", f"joinFamily {what}: one active family", "POST",
                                f"/family-codes/{code}/members", {"role": "adult" if role != "child" else "child"},
                                caller["token"], 409, "alreadyMember" if where == "own" else "roleConflict",
                                role, where)
                    member = self.people[(target, "parentAdmin")]["user"]
                    self.expect("profile", f"profile of a parent admin {what}", "GET", f"/users/{member}/profile",
                                None, caller["token"], 200 if where == "own" else 403,
                                None if where == "own" else "permissionDenied", role, where)
                    if member != caller["user"]:
                        self.expect("notificationPreferences", f"another's notification preferences {what}", "GET",
                                    f"/users/{member}/notification-preferences", None, caller["token"], 403,
                                    "permissionDenied", role, where)
                self.expect("families", f"families as {role}", "GET", "/families", None, caller["token"], 200,
                            role=role, family="own")
                self.expect("createFamily", f"createFamily as {role}: one active family", "POST", "/families",
                            {"name": "Contract family"}, caller["token"], 409, "roleConflict", role, "own")
                self.expect("profile", f"own profile as {role}", "GET", f"/users/{caller['user']}/profile", None,
                            caller["token"], 200, role=role, family="own")
                self.expect("notificationPreferences", f"own notification preferences as {role}", "GET",
                            f"/users/{caller['user']}/notification-preferences", None, caller["token"], 200,
                            role=role, family="own")
                may = self.allows(role, "editNotifications")
                self.expect("setNotificationPreferences", f"own notification preferences set as {role}", "PUT",
                            f"/users/{caller['user']}/notification-preferences",
                            {"messages": True, "tasks": False, "calendar": True, "schoolRun": True},
                            caller["token"], 204 if may else 403, None if may else "permissionDenied", role, "own")
                self.expect("performInitialSetup", f"sync setup as {role}", "POST", "/sync/setup", None,
                            caller["token"], 204, role=role, family="own")
        # Someone removed is in no family: they may create one, or join another with its code.
        for f in FAMILIES:
            admin = self.people[(f, "parentAdmin")]
            gone = self.session(f, "adult")
            self.expect("removeMember", "a parent admin removes a member", "DELETE",
                        f"/families/{admin['family']}/members/{gone['user']}", None, admin["token"], 204)
            self.expect("createFamily", "a family name the rules refuse", "POST", "/families", {"name": "   "},
                        gone["token"], 422, "invalidFamilyName")
            if f == "one":
                self.expect("createFamily", "someone in no family creates one", "POST", "/families",
                            {"name": "Contract family"}, gone["token"], 201)
            else:
                code = self.code_of("one")
                self.expect("joinFamily", "someone in no family joins another with its code", "POST",
                            f"/family-codes/{code}/members", {"role": "adult"}, gone["token"], 201)
                self.expect("joinFamily", "joining by the family's id is not joining by its code", "POST",
                            f"/family-codes/{self.things['two']['family']}/members", {"role": "adult"},
                            self.session("two", "adult")["token"], (404, 409, 422))

    # MARK: the session's life

    def session_life(self):
        expired = self.session("one", "adult", expired=True)
        other = self.things["two"]
        # A run-out token is refused as expired before anything else: another family's ids, a body the rules refuse.
        for op, method, path, body, _, _, _, _ in self.operations():
            people = {r: self.people[("two", r)] for r in ROLES}
            self.expect(op, f"{op} with a run-out token is 401 before anything else", method,
                        path(expired, other, people), {"title": ""} if body else None, expired["token"], 401,
                        "sessionExpired")
        for method, path in [("GET", "/families"), ("POST", "/sync/setup"), ("POST", "/families"),
                             ("GET", f"/users/{expired['user']}/profile")]:
            self.expect("-", f"{method} {path} with a run-out token is 401", method, path,
                        {"name": ""} if method == "POST" else None, expired["token"], 401, "sessionExpired")
        self.expect("-", "no token is 401", "GET", "/families", None, None, 401, "sessionExpired")
        self.expect("-", "an unknown token is 401", "GET", "/families", None, "not-a-token", 401, "sessionExpired")
        # Its refresh token renews it.
        _, renewed = self.expect("refresh", "a run-out session renews with its refresh token", "POST",
                                 "/auth/refresh", {"refreshToken": expired["refresh"]}, None, 200)
        if isinstance(renewed, dict) and "accessToken" in renewed:
            self.tokens += [renewed["accessToken"], renewed["refreshToken"]]
            self.expect("families", "the renewed token works", "GET", "/families", None, renewed["accessToken"], 200)
            self.check("refresh gives a new refresh token", renewed["refreshToken"] != expired["refresh"])
            self.check("refresh answers the session's own account", renewed["user"]["id"] == expired["user"])
        self.expect("refresh", "a refresh token renews once", "POST", "/auth/refresh",
                    {"refreshToken": expired["refresh"]}, None, 401, "sessionExpired")

        # Refresh with someone else's bearer renews the refresh token's session only.
        a, b = self.session("one", "adult"), self.session("two", "child")
        _, renewed = self.expect("refresh", "refresh with another's bearer", "POST", "/auth/refresh",
                                 {"refreshToken": a["refresh"]}, b["token"], 200)
        if isinstance(renewed, dict) and "accessToken" in renewed:
            self.tokens += [renewed["accessToken"], renewed["refreshToken"]]
            self.check("refresh renews its own session", renewed["user"]["id"] == a["user"],
                       f"answered {renewed['user']['id']} for {a['user']}'s refresh token")
            self.expect("families", "the replaced access token stops working", "GET", "/families", None, a["token"],
                        401, "sessionExpired")
            self.expect("families", "the other bearer's session is untouched by the refresh", "GET", "/families",
                        None, b["token"], 200)

        # POST /auth/session answers only for the bearer's own session.
        c, d = self.session("one", "adult"), self.session("one", "child")
        _, own = self.expect("currentSession", "the session of one's own tokens", "POST", "/auth/session",
                             {"refreshToken": c["refresh"]}, c["token"], 200)
        if isinstance(own, dict):
            self.check("the session is the bearer's", own.get("user", {}).get("id") == c["user"])
        got, answer = self.call("POST", "/auth/session", {"refreshToken": d["refresh"]}, c["token"])
        answered = answer.get("user", {}).get("id") if isinstance(answer, dict) else None
        self.check("the session call never answers for another account",
                   got in (401, 403, 204) or answered == c["user"] and answer.get("accessToken") == c["token"],
                   f"c's bearer and d's refresh token answered {got} for {answered}")

        # Sign-out ends every token of the bearer's session, whatever the body names, and no other session.
        e, g = self.session("one", "adult"), self.session("two", "adult")
        self.expect("signOut", "sign-out naming another's refresh token", "POST", "/auth/sign-out",
                    {"refreshToken": g["refresh"]}, e["token"], 204)
        self.expect("families", "after sign-out the access token is refused", "GET", "/families", None, e["token"],
                    401, "sessionExpired")
        self.expect("refresh", "after sign-out the refresh token is refused", "POST", "/auth/refresh",
                    {"refreshToken": e["refresh"]}, None, 401, "sessionExpired")
        self.expect("families", "another's session survives a sign-out that named it", "GET", "/families", None,
                    g["token"], 200)
        h = self.session("one", "child")
        self.expect("signOut", "sign-out with the bearer alone", "POST", "/auth/sign-out", None, h["token"], 204)
        self.expect("refresh", "after a bearer-only sign-out the refresh token is refused", "POST", "/auth/refresh",
                    {"refreshToken": h["refresh"]}, None, 401, "sessionExpired")
        # Sign-in (the simulated provider vouches for a test account) gives a session of that account.
        _, signed = self.expect("signIn", "sign-in of a test account", "POST", "/auth/sign-in",
                                {"provider": "google", "user": g["user"]}, None, 200)
        if isinstance(signed, dict) and isinstance(signed.get("session"), dict):
            self.tokens += [signed["session"]["accessToken"], signed["session"]["refreshToken"]]
        # An account with a second factor: sign-in asks for the code, a new code can be sent, a wrong one is refused
        # and the right one gives the account's session.
        m = self.session("one", "adult", mfa=True)
        _, asked = self.expect("signIn", "sign-in of an account with a second factor", "POST", "/auth/sign-in",
                               {"provider": "google", "user": m["user"]}, None, 200)
        if self.check("sign-in asks for the second factor", isinstance(asked, dict)
                      and asked.get("outcome") == "mfaRequired" and "challenge" in asked, f"answered {asked}"):
            _, challenge = self.expect("resendCode", "a new code is sent", "POST", "/auth/resend-code",
                                       {"challenge": asked["challenge"]}, None, 200)
            challenge = challenge if isinstance(challenge, dict) and "id" in challenge else asked["challenge"]
            wrong = "000000" if m["mfaCode"] != "000000" else "111111"
            self.expect("verify", "a wrong verification code is refused", "POST", "/auth/verify",
                        {"challenge": challenge, "code": wrong}, None, 401, "invalidMFACode")
            _, verified = self.expect("verify", "the right verification code signs in", "POST", "/auth/verify",
                                      {"challenge": challenge, "code": m["mfaCode"]}, None, 200)
            if isinstance(verified, dict) and "accessToken" in verified:
                self.tokens += [verified["accessToken"], verified["refreshToken"]]
                self.check("the verified session is the account's", verified["user"]["id"] == m["user"])

    # MARK: a change's identity

    def change_identity(self):
        a, b = self.session("one", "adult"), self.session("one", "adult")
        family = self.things["one"]["family"]

        def change(author, text, madeAt=PAST, id="contract-same-id"):
            return {"id": id, "author": author, "madeAt": madeAt, "summary": "Contract",
                    "change": {"kind": "sendMessage", "text": text, "family": family}}

        _, first = self.expect("apply", "a queued change is applied", "POST", "/changes",
                               change(a["user"], "Contract: A's change"), a["token"], 200)
        self.check("a queued change is applied", isinstance(first, dict) and first.get("result") == "applied")
        _, theirs = self.expect("apply", "another account's change under the same id", "POST", "/changes",
                                change(b["user"], "Contract: B's change"), b["token"], 200)
        self.check("another account's change under the same id is its own, applied",
                   isinstance(theirs, dict) and theirs.get("result") == "applied", f"answered {theirs}")
        _, messages = self.call("GET", f"/families/{family}/messages", None, a["token"])
        texts = [m.get("text") for m in messages or []]
        self.check("neither change vanished", "Contract: A's change" in texts and "Contract: B's change" in texts,
                   f"messages: {texts[-5:]}")
        _, again = self.expect("apply", "the same change again", "POST", "/changes",
                               change(a["user"], "Contract: A's change"), a["token"], 200)
        self.check("the same change again is alreadyApplied",
                   isinstance(again, dict) and again.get("result") == "alreadyApplied", f"answered {again}")
        self.expect("apply", "another change under an id its author used", "POST", "/changes",
                    change(a["user"], "Contract: something else"), a["token"], 422, "validationFailed")
        self.expect("apply", "a change naming another author", "POST", "/changes",
                    change(b["user"], "Contract: in B's name", id="contract-other-author"), a["token"], 403,
                    "permissionDenied")
        self.expect("apply", "a change made in the future", "POST", "/changes",
                    change(a["user"], "Contract: from the future", madeAt=FUTURE, id="contract-future"), a["token"],
                    422, "validationFailed")

    # MARK: the input rules

    def input_rules(self):
        admin = self.people[("one", "parentAdmin")]
        family = self.things["one"]["family"]
        child = self.people[("one", "child")]["user"]
        longest = self.rules["maxLength"]

        def post(op, path, body, status, what):
            self.expect(op, what, "POST", f"/families/{family}/{path}", body, admin["token"], status,
                        "validationFailed" if status == 422 else None)

        for field, op, path, key in [("title", "addTask", "tasks", "title"), ("message", "sendMessage", "messages",
                                     "text"), ("notice", "postNotice", "notices", "text")]:
            n = longest[field]
            post(op, path, {key: "x" * n}, 201, f"{field} of {n} characters")
            post(op, path, {key: "x" * (n + 1)}, 422, f"{field} of {n + 1} characters")
            post(op, path, {key: ""}, 422, f"empty {field}")
            post(op, path, {key: "   "}, 422, f"blank {field}")
            for name, text in [("a right-to-left override", "abc\u202edef"), ("a zero-width space", "a\u200bb"),
                               ("a line break", "two\nlines"), ("an escape", "a\u001b[31mb")]:
                post(op, path, {key: text}, 422, f"{field} with {name}")
        post("addTask", "tasks", {"title": "Contract", "due": PAST}, 422, "a due date in the past")
        post("addTask", "tasks", {"title": "Contract", "assignee": child, "points": self.rules["maximumPoints"]}, 201,
             "the most points")
        self.expect("addTask", "points over the most", "POST", f"/families/{family}/tasks",
                    {"title": "Contract", "points": self.rules["maximumPoints"] + 1}, admin["token"], (400, 422))
        post("addEvent", "events", {"title": "Contract", "start": PAST}, 422, "an event in the past")
        post("addEvent", "events", {"title": "Contract", "start": FUTURE, "participants": [child, child]}, 422,
             "a participant twice")
        post("addEvent", "events", {"title": "Contract", "start": FUTURE, "place": "x" * (longest["place"] + 1)},
             422, "a place too long")
        post("addEvent", "events", {"title": "Contract", "start": FUTURE, "participants": [child],
                                    "place": "x" * longest["place"]}, 201, "an event with a participant and a place")
        pickup = self.things["one"]["pickup"]
        for what, driver, status, code in [
            ("no one", "", 422, "validationFailed"),
            ("someone of another family", self.people[("two", "adult")]["user"], 422, "validationFailed"),
            ("a child, who can't drive", child, 409, "roleConflict"),
        ]:
            self.expect("setDriver", f"a pickup's driver is {what}", "PUT", f"/pickups/{pickup}/driver",
                        {"driver": driver}, admin["token"], status, code)
        new = "contract-" + self.people[("one", "adult")]["user"]
        identity = {"provider": "google", "name": "Contract Person", "email": new + "@example.com"}
        for what, body in [("an account id the rules refuse", {"user": "Bad Id!", "identity": identity}),
                           ("an email the rules refuse",
                            {"user": new, "identity": dict(identity, email="nope")})]:
            self.expect("signUp", f"sign-up with {what}", "POST", "/auth/sign-up", body, None, 422,
                        "validationFailed")
        _, made = self.expect("signUp", "a sign-up the rules take", "POST", "/auth/sign-up",
                              {"user": new, "identity": identity}, None, 201)
        if isinstance(made, dict) and "accessToken" in made:
            self.tokens += [made["accessToken"], made["refreshToken"]]
            self.check("a sign-up's session is the new account's", made["user"]["id"] == new)

    # MARK: the report

    def report(self, operations):
        print(f"{self.checks} checks, {len(self.failures)} failed")
        for failure in self.failures:
            print(f"FAIL {failure}")
        print()
        print("coverage (operation: roles x families tried as the matrix, reached 2xx):")
        cells = 0
        reached = 0
        for op in operations:
            entry = self.coverage.get(op, {"tried": set(), "2xx": False})
            roles = sorted({r for r, _ in entry["tried"]})
            families = sorted({f for _, f in entry["tried"]})
            cells += len(entry["tried"])
            reached += entry["2xx"]
            tried = (f"{len(roles)} roles x {len(families)} families ({len(entry['tried'])} cells)"
                     if entry["tried"] else "not by role")
            print(f"  {op:28} {tried:34} {'2xx' if entry['2xx'] else 'never 2xx'}")
        print(f"{len(operations)} operations, {cells} operation x role x family cells, "
              f"{reached} of {len(operations)} operations reached 2xx")


def document_operations(suite):
    """The operations of the server's document, but the control API and the test hook."""
    request = urllib.request.Request(suite.api + "/openapi.yaml")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            text = response.read().decode()
    except (urllib.error.URLError, OSError):
        text = open(os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                 "../../Sources/TribeBoardAPI/openapi.yaml")).read()
    operations = []
    tags = {}
    current = None
    # An operation's own lines are indented by six spaces (`paths:` > path > method > field); links name
    # operations deeper down.
    for line in text.splitlines():
        if line.startswith("      operationId:"):
            current = line.split(":", 1)[1].strip()
            operations.append(current)
        elif line.startswith("      tags:") and current:
            tags[current] = line.strip()
    return [op for op in operations if "Control" not in tags.get(op, "") and "Testing" not in tags.get(op, "")
            and op != "document"]


def main():
    if len(sys.argv) != 2 or sys.argv[1].startswith("-"):
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    suite = Suite(sys.argv[1])
    try:
        operations = document_operations(suite)
        suite.prepare()
        suite.matrix()
        suite.outside_a_family()
        suite.session_life()
        suite.change_identity()
        suite.input_rules()
    except Unusable as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    finally:
        if os.environ.get("TB_CONTRACT_TOKENS"):
            with open(os.environ["TB_CONTRACT_TOKENS"], "w") as out:
                out.write("\n".join(suite.tokens) + "\n")
    suite.report(operations)
    return 1 if suite.failures else 0


if __name__ == "__main__":
    sys.exit(main())
