"""mavl: majority-vote learners (ECOC family, bagging, boosting) as scikit-learn estimators."""
