package io.stackdrift.model;

/** Why a change is shown: the code differs from the infrastructure, or the infrastructure changed outside the code. */
public enum Cause {
    CODE,
    DRIFT
}
