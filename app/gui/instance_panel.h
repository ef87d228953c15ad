#pragma once
// Which problem, and where its instance comes from: a generator with its parameters, a file, or a recently
// used file (the recent files are kept per problem kind).

#include <QStringList>
#include <QWidget>

#include "app/gui/instance_source.h"

QT_BEGIN_NAMESPACE
class QComboBox;
class QFormLayout;
class QListWidget;
class QSettings;
class QSpinBox;
QT_END_NAMESPACE

namespace ms::studio {

class InstancePanel : public QWidget {
  Q_OBJECT
 public:
  static constexpr int kRecentFileCount = 8;

  explicit InstancePanel(QWidget* parent = nullptr);

  ProblemKind problemKind() const;
  void setProblemKind(ProblemKind kind);
  InstanceSource currentGeneratorSource() const;  // of the chosen problem kind
  LapInstanceSource generatorSource() const;
  void setGeneratorSource(const lap::GeneratorSpec& spec);
  MatchingInstanceSource matchingGeneratorSource() const;
  void setMatchingGeneratorSource(const matching::GraphSpec& spec);
  void addRecentFile(const QString& path);  // most recent first, without duplicates
  void addRecentGraphFile(const QString& path);
  QStringList recentFiles() const { return recent_; }
  QStringList recentGraphFiles() const { return recentGraphs_; }

  void saveSettings(QSettings& settings) const;
  void restoreSettings(const QSettings& settings);

 signals:
  void sourceRequested(const ms::studio::InstanceSource& source);
  void problemKindChanged(ms::studio::ProblemKind kind);

 private:
  void openFileDialog();
  void refreshRecentList();
  void showProblemKind();
  InstanceSource fileSource(const QString& path) const;

  QFormLayout* form_;
  QComboBox* problem_;
  QComboBox* generator_;
  QComboBox* graphGenerator_;
  QSpinBox* size_;
  QComboBox* range_;
  QSpinBox* seed_;
  QListWidget* recentList_;
  QStringList recent_;        // cost matrices
  QStringList recentGraphs_;  // matching graphs
};

}  // namespace ms::studio
